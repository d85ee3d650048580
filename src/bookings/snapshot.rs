//! The index snapshot: the columns as an rkyv archive in `<data dir>/bookings.idx`, so a start-up
//! with a million bookings does not have to decode every row from redb.
//!
//! Layout: magic (8 bytes), booking generation (u64 LE), payload length (u64 LE), CRC-32 of the
//! payload (u32 LE), 4 bytes of zeros, then the payload. It is written after the commit it
//! reflects, to a temporary file that is synced and renamed over the old one. A snapshot whose
//! generation is not the database's, whose length or checksum is wrong, or whose archive does not
//! validate is never used: the index is rebuilt from redb instead.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use rkyv::util::AlignedVec;

use super::index::Columns;

const MAGIC: &[u8; 8] = b"LSBOOK01";
const HEADER: usize = 32;

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join("bookings.idx")
}

pub fn write(data_dir: &Path, generation: u64, cols: &Columns) -> anyhow::Result<()> {
    let payload = rkyv::to_bytes::<rkyv::rancor::Error>(cols)?;
    let mut header = [0u8; HEADER];
    header[..8].copy_from_slice(MAGIC);
    header[8..16].copy_from_slice(&generation.to_le_bytes());
    header[16..24].copy_from_slice(&(payload.len() as u64).to_le_bytes());
    header[24..28].copy_from_slice(&crc32fast::hash(&payload).to_le_bytes());
    let tmp = data_dir.join("bookings.idx.tmp");
    {
        let mut file = std::fs::File::create(&tmp)?;
        crate::store::restrict_file(&tmp);
        file.write_all(&header)?;
        file.write_all(&payload)?;
        file.sync_all()?;
    }
    std::fs::rename(&tmp, path(data_dir))?;
    Ok(())
}

/// The snapshot's columns if it is intact and of `generation`; otherwise why not. The payload is
/// read once, straight into the aligned buffer the archive is decoded from (at 10M bookings it is
/// 340 MB: a second copy cost a tenth of a second and as much memory again at start).
pub fn read(data_dir: &Path, generation: u64) -> Result<Columns, String> {
    let unusable = |e: std::io::Error| format!("no usable snapshot ({e})");
    let mut file = std::fs::File::open(path(data_dir)).map_err(unusable)?;
    let file_len = file.metadata().map_err(unusable)?.len();
    let mut header = [0u8; HEADER];
    if file_len < HEADER as u64 || file.read_exact(&mut header).is_err() || &header[..8] != MAGIC {
        return Err("the snapshot is not a bookings snapshot".into());
    }
    let word = |at: usize| u64::from_le_bytes(header[at..at + 8].try_into().unwrap_or_default());
    if word(8) != generation {
        return Err(format!(
            "the snapshot is of generation {}, the database of {generation}",
            word(8)
        ));
    }
    let payload_len = file_len - HEADER as u64;
    if word(16) != payload_len {
        return Err("the snapshot is truncated".into());
    }
    let mut payload = AlignedVec::<16>::with_capacity(payload_len as usize);
    payload.resize(payload_len as usize, 0);
    file.read_exact(&mut payload).map_err(unusable)?;
    drop(file);
    let crc = u32::from_le_bytes(header[24..28].try_into().unwrap_or_default());
    if crc32fast::hash(&payload) != crc {
        return Err("the snapshot's checksum does not match".into());
    }
    let cols = rkyv::from_bytes::<Columns, rkyv::rancor::Error>(&payload)
        .map_err(|e| format!("the snapshot does not validate ({e})"))?;
    drop(payload);
    validate(&cols)?;
    Ok(cols)
}

/// Checks what the archive format cannot: equal column lengths, ids inside their dictionaries and
/// rows in time order. A snapshot failing any of these would make queries index out of bounds.
fn validate(c: &Columns) -> Result<(), String> {
    let n = c.ids.len();
    let lengths = [
        c.times.len(),
        c.category.len(),
        c.state.len(),
        c.dma.len(),
        c.city_state.len(),
        c.size.len(),
        c.vendor.len(),
        c.sample.len(),
    ];
    let ok = lengths.iter().all(|&l| l == n)
        && c.category
            .iter()
            .all(|&v| (v as usize) < c.categories.len())
        && c.state.iter().all(|&v| (v as usize) < c.states.len())
        && c.dma.iter().all(|&v| (v as usize) < c.dmas.len())
        && c.city_state
            .iter()
            .all(|&v| (v as usize) < c.city_states.len())
        && c.vendor.iter().all(|&v| (v as usize) < c.vendors.len())
        && c.size
            .iter()
            .all(|&v| (v as usize) < crate::firm_size::FirmSize::ALL.len())
        && c.times.windows(2).all(|w| w[0] <= w[1])
        && !c.states.is_empty()
        && !c.dmas.is_empty()
        && !c.city_states.is_empty()
        && !c.vendors.is_empty();
    if ok {
        Ok(())
    } else {
        Err("the snapshot's columns are inconsistent".into())
    }
}
