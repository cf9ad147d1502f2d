//! Calendar dates for the PDN `Date` tag (`2024.05.17`), from the system clock in UTC.

use std::time::{SystemTime, UNIX_EPOCH};

/// Today's date (UTC) as PDN writes it: `2024.05.17`.
pub fn date_today() -> String {
    let (y, m, d) = civil_date(unix_days());
    format!("{y:04}.{m:02}.{d:02}")
}

/// Whole days since 1970-01-01 (UTC), 0 if the system clock is set before it.
pub fn unix_days() -> u64 {
    unix_seconds() / 86_400
}

/// Seconds since 1970-01-01 (UTC), 0 if the system clock is set before it.
pub fn unix_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The (year, month, day) of a day counted from 1970-01-01, in the proleptic Gregorian
/// calendar (Howard Hinnant's days-to-civil algorithm).
pub fn civil_date(days: u64) -> (i64, u32, u32) {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn calendar_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(19_860), (2024, 5, 17));
        assert_eq!(civil_date(20_415), (2025, 11, 23));
    }
}
