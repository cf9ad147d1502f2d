//! How many games one client may analyse at once. The search threads are shared by every
//! game; without a cap, one page (or one script) starting analyses in many games would take
//! every thread's turns from everybody else.

use crate::error::ApiError;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The analyses running, by client address and game.
pub struct AnalysisCaps {
    limit: usize,
    running: Mutex<HashMap<IpAddr, HashMap<String, usize>>>,
}

/// A place taken by one analysis; it is given back when dropped (the analysis ended).
pub struct AnalysisTicket {
    caps: Arc<AnalysisCaps>,
    client: IpAddr,
    game: String,
}

impl AnalysisCaps {
    /// At most `limit` games analysed at once by each client.
    pub fn new(limit: usize) -> Arc<AnalysisCaps> {
        Arc::new(AnalysisCaps {
            limit,
            running: Mutex::new(HashMap::new()),
        })
    }

    /// A place for an analysis of `game` by `client`. A new analysis of a game the client
    /// already analyses replaces the old one and is always let in; a client whose address is
    /// unknown is not counted.
    ///
    /// # Errors
    /// [`ApiError::TooManyAnalyses`] when the client analyses `limit` other games already.
    pub fn admit(
        self: &Arc<Self>,
        client: Option<IpAddr>,
        game: &str,
    ) -> Result<Option<AnalysisTicket>, ApiError> {
        let Some(client) = client else {
            return Ok(None);
        };
        let mut running = self.lock();
        let games = running.entry(client).or_default();
        if !games.contains_key(game) && games.len() >= self.limit {
            return Err(ApiError::TooManyAnalyses(format!(
                "this client is analysing {} games already, the most one client may at once; \
                 stop one of them first",
                games.len()
            )));
        }
        *games.entry(game.to_string()).or_default() += 1;
        Ok(Some(AnalysisTicket {
            caps: self.clone(),
            client,
            game: game.to_string(),
        }))
    }

    /// The table; a panic elsewhere while it was held leaves counts that are still whole.
    fn lock(&self) -> MutexGuard<'_, HashMap<IpAddr, HashMap<String, usize>>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Games `client` analyses now.
    #[cfg(test)]
    pub fn running(&self, client: IpAddr) -> usize {
        self.lock().get(&client).map_or(0, HashMap::len)
    }
}

impl Drop for AnalysisTicket {
    fn drop(&mut self) {
        let mut running = self.caps.lock();
        if let Some(games) = running.get_mut(&self.client) {
            if let Some(n) = games.get_mut(&self.game) {
                *n -= 1;
                if *n == 0 {
                    games.remove(&self.game);
                }
            }
            if games.is_empty() {
                running.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_analyses_at_most_its_share_of_games() {
        let caps = AnalysisCaps::new(2);
        let me: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        let a = caps.admit(Some(me), "a").unwrap();
        let b = caps.admit(Some(me), "b").unwrap();
        assert!(matches!(
            caps.admit(Some(me), "c"),
            Err(ApiError::TooManyAnalyses(_))
        ));
        // Another position of a game already analysed replaces its analysis: let in.
        let a2 = caps.admit(Some(me), "a").unwrap();
        assert_eq!(caps.running(me), 2);
        // Others have their own share; an unknown address is not counted.
        assert!(caps.admit(Some(other), "c").unwrap().is_some());
        assert!(caps.admit(None, "d").unwrap().is_none());
        drop(a);
        assert_eq!(caps.running(me), 2, "game a still has its newer analysis");
        drop(a2);
        assert_eq!(caps.running(me), 1);
        let c = caps.admit(Some(me), "c").unwrap();
        drop((b, c));
        assert_eq!(caps.running(me), 0);
    }
}
