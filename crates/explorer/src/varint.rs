//! Unsigned LEB128 varints: seven bits a byte, the high bit saying that
//! more follow.

/// Appends `n`.
#[inline]
pub fn put(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Reads a number at the start of `bytes`: it and the bytes after it, or
/// `None` if `bytes` ends first or the number overflows 64 bits.
#[inline]
pub fn get(bytes: &[u8]) -> Option<(u64, &[u8])> {
    let mut n = 0u64;
    for (i, &b) in bytes.iter().enumerate().take(10) {
        let bits = u64::from(b & 0x7f);
        if i == 9 && bits > 1 {
            return None;
        }
        n |= bits << (7 * i);
        if b < 0x80 {
            return Some((n, &bytes[i + 1..]));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_what_is_cut_or_too_long() {
        for n in [0, 1, 127, 128, 300, 1 << 35, u64::MAX] {
            let mut bytes = Vec::new();
            put(&mut bytes, n);
            assert_eq!(get(&bytes), Some((n, &[][..])));
            assert_eq!(get(&bytes[..bytes.len() - 1]), None);
        }
        assert_eq!(get(&[0xff; 10]), None);
        assert_eq!(get(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02]), None);
    }
}
