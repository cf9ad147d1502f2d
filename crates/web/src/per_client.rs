//! [`PerClient`]: how many connections (or WebSockets) each client address holds, so that one
//! client cannot use up the process's file descriptors.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Connections (or WebSockets) open, by client address.
pub(crate) struct PerClient {
    open: Mutex<HashMap<IpAddr, usize>>,
    per_client: usize,
}

/// One admitted connection: counted until dropped.
pub(crate) struct Held {
    connections: Arc<PerClient>,
    ip: IpAddr,
}

impl PerClient {
    /// At most `per_client` at once for each address.
    pub(crate) fn new(per_client: usize) -> PerClient {
        PerClient {
            open: Mutex::new(HashMap::new()),
            per_client: per_client.max(1),
        }
    }

    /// Count one more for `ip`, unless it holds its most already.
    pub(crate) fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Held> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let n = open.entry(ip).or_insert(0);
        if *n >= self.per_client {
            return None;
        }
        *n += 1;
        Some(Held {
            connections: Arc::clone(self),
            ip,
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut open = self
            .connections
            .open
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}
