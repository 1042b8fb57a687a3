//! Maps keyed by the tables' own small keys (subspaces, cells, games), hashed by
//! a multiply per byte instead of SipHash. SipHash resists keys chosen to collide, which
//! these never are (no client chooses them), and it was a tenth of a placing probe (three
//! lookups) and of verify's check of a child's value (docs/performance.md).

/// A `HashMap` hashed by [`SmallKeys`].
pub type SmallMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<SmallKeys>>;

/// FxHash's step over bytes: rotate, xor, multiply.
#[derive(Clone, Copy, Debug, Default)]
pub struct SmallKeys(u64);

impl std::hash::Hasher for SmallKeys {
    // Byte by byte, wide integers too (the default `write_u64` and the rest): one step a
    // word would leave a key's high bits out of the product's low bits, which pick the
    // bucket.
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
