//! The index snapshot: the columns and running sums of the real and the sample index as rkyv
//! archives in `<data dir>/bookings.idx`, so a start-up with millions of bookings neither decodes
//! every row from redb nor rebuilds the sums (at 10M bookings, three quarters of a start-up).
//!
//! Layout: magic (8 bytes, the format's version), booking generation (u64 LE), payload length (u64
//! LE), CRC-32 of the payload (u32 LE), 4 bytes of zeros, then the payload: the lengths of its four
//! archives (u64 LE each: real columns, real sums, sample columns, sample sums), then each archive
//! padded to 16 bytes. It is written after the commit it reflects, to a temporary file that is
//! renamed over the old one, never written in place, as a start maps it and reads the columns
//! there (`read`). A snapshot of another version or generation, whose length
//! or checksum is wrong, whose archives do not validate or whose columns and sums do not fit
//! together is never used: the index is rebuilt from redb instead.
//!
//! Not synced: the commit it reflects is, and every start checks the whole payload against its
//! checksum, so a snapshot torn by a power loss costs one start a rebuild, never a wrong answer.
//! The sync cost an import from the command line 0.12 s at 10M bookings and 0.20 s at 20M (`strace
//! -e fsync -T`), as it waits for the snapshot before it exits.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rkyv::util::AlignedVec;

use super::aggregates::IndexSums;
use super::blocks::Mapping;
use super::columns::ArchivedColumns;
use super::index::{BookingIndex, Columns, lists_of_archive, starts};
use super::sets::BookingSets;

const MAGIC: &[u8; 8] = b"LSBOOK05";
pub const HEADER: usize = 32;
const PARTS: usize = 4;
/// Each archive starts on this boundary, as rkyv reads it in place.
const ALIGN: usize = 16;

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join("bookings.idx")
}

fn padded(len: usize) -> usize {
    len.div_ceil(ALIGN) * ALIGN
}

pub fn write(data_dir: &Path, sets: &BookingSets) -> anyhow::Result<()> {
    let tmp = data_dir.join("bookings.idx.tmp");
    let written = (|| -> anyhow::Result<()> {
        let mut file = std::fs::File::create(&tmp)?;
        crate::platform::store::restrict_file(&tmp);
        encode_into_file(sets, &mut file)?;
        Ok(())
    })();
    if let Err(e) = written {
        // A snapshot cut short by a full disk would go on holding the space the database needs.
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    std::fs::rename(&tmp, path(data_dir))?;
    Ok(())
}

/// Writes the snapshot of `sets` (header, then payload) to `out`: the file's bytes, also what a
/// hub stores in PostgreSQL. The header names the archives' lengths and checksum before their
/// bytes, and PostgreSQL's parts cannot be sought back to, so each archive is serialized twice:
/// once through a tally into a sink, which keeps its checksum (its length is where the serializer
/// ends), then straight into `out`. Held whole instead, the archives of 10M bookings (230 MB) were
/// the largest thing an import allocated.
pub fn encode(sets: &BookingSets, out: &mut impl Write) -> anyhow::Result<()> {
    // Each archive's length, and the checksum of its bytes and padding.
    let mut tallies = Vec::with_capacity(PARTS);
    for part in 0..PARTS {
        tallies.push(serialize_tallied(sets, part, std::io::sink())?);
    }
    let mut out = std::io::BufWriter::with_capacity(WRITE_BUFFER, out);
    out.write_all(&head(sets.generation, &tallies))?;
    for (part, (len, _)) in tallies.iter().enumerate() {
        let written = serialize_part(sets, part, &mut out)?;
        // The header is of the first pass: a second that differed would write a snapshot that is
        // never read, so it is an error here instead.
        anyhow::ensure!(
            written == *len,
            "the bookings snapshot's archive {part} came out {len} bytes long, then {written}"
        );
        out.write_all(&[0u8; ALIGN][..padded(written) - written])?;
    }
    out.flush()?;
    Ok(())
}

/// `encode`'s bytes, with each archive serialized once: a file can take the header last, where
/// PostgreSQL's stream cannot (the write after a 1M import took 68-76 ms against 90-99 with two
/// passes, at 10M 347 against 421 ms).
fn encode_into_file(sets: &BookingSets, file: &mut std::fs::File) -> anyhow::Result<()> {
    use std::io::{Seek, SeekFrom};
    file.write_all(&[0u8; HEAD])?;
    let mut tallies = Vec::with_capacity(PARTS);
    for part in 0..PARTS {
        tallies.push(serialize_tallied(sets, part, &mut *file)?);
    }
    file.seek(SeekFrom::Start(0))?;
    file.write_all(&head(sets.generation, &tallies))?;
    Ok(())
}

/// The header and the archives' lengths, which start the payload.
const HEAD: usize = HEADER + PARTS * 8;

/// The first `HEAD` bytes of a snapshot, from each archive's length and checksum (of its bytes and
/// padding).
fn head(generation: u64, tallies: &[(usize, crc32fast::Hasher)]) -> [u8; HEAD] {
    let mut head = [0u8; HEAD];
    let mut payload_len = PARTS * 8;
    for (i, (len, _)) in tallies.iter().enumerate() {
        head[HEADER + i * 8..HEADER + i * 8 + 8].copy_from_slice(&(*len as u64).to_le_bytes());
        payload_len += padded(*len);
    }
    let mut crc = crc32fast::Hasher::new();
    crc.update(&head[HEADER..]);
    for (_, part_crc) in tallies {
        crc.combine(part_crc);
    }
    head[..8].copy_from_slice(MAGIC);
    head[8..16].copy_from_slice(&generation.to_le_bytes());
    head[16..24].copy_from_slice(&(payload_len as u64).to_le_bytes());
    head[24..28].copy_from_slice(&crc.finalize().to_le_bytes());
    head
}

/// Serializes archive `part` and its padding into `out`, keeping their checksum on the way;
/// returns the archive's length and that checksum.
fn serialize_tallied(
    sets: &BookingSets,
    part: usize,
    out: impl Write,
) -> anyhow::Result<(usize, crc32fast::Hasher)> {
    let tally = Tally {
        crc: crc32fast::Hasher::new(),
        out,
    };
    let mut tally = std::io::BufWriter::with_capacity(WRITE_BUFFER, tally);
    let len = serialize_part(sets, part, &mut tally)?;
    tally.write_all(&[0u8; ALIGN][..padded(len) - len])?;
    let tally = tally.into_inner().map_err(|e| e.into_error())?;
    Ok((len, tally.crc))
}

/// The bytes a serializer hands over at a time are a value's few: they are gathered this many
/// at a time before they reach the checksum or the writer.
const WRITE_BUFFER: usize = 1 << 16;

/// Serializes archive `part` of `sets` (real columns, real sums, sample columns, sample sums) into
/// `out`, as `rkyv::to_bytes` would lay it out; returns its length.
fn serialize_part(sets: &BookingSets, part: usize, out: &mut impl Write) -> anyhow::Result<usize> {
    use rkyv::api::high::to_bytes_in;
    use rkyv::rancor::Error;
    use rkyv::ser::writer::IoWriter;
    let writer = IoWriter::new(out);
    let written = match part {
        0 => to_bytes_in::<_, Error>(&sets.real.cols, writer)?,
        1 => to_bytes_in::<_, Error>(&sets.real.sums, writer)?,
        2 => to_bytes_in::<_, Error>(&sets.sample.cols, writer)?,
        _ => to_bytes_in::<_, Error>(&sets.sample.sums, writer)?,
    };
    Ok(rkyv::ser::Positional::pos(&written))
}

/// A writer that keeps the CRC-32 of what it hands on to `out`.
struct Tally<W> {
    crc: crc32fast::Hasher,
    out: W,
}

impl<W: Write> Write for Tally<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(bytes)?;
        self.crc.update(&bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Whether `header` (the first `HEADER` bytes of a snapshot) is of this version and of
/// `generation`, and the length of the payload it announces; otherwise why not.
pub fn payload_len(header: &[u8], generation: u64) -> Result<usize, String> {
    if header.len() < HEADER || &header[..8] != MAGIC {
        return Err("the snapshot is not a bookings snapshot of this version".into());
    }
    let word = |at: usize| u64::from_le_bytes(header[at..at + 8].try_into().unwrap_or_default());
    if word(8) != generation {
        return Err(format!(
            "the snapshot is of generation {}, the database of {generation}",
            word(8)
        ));
    }
    usize::try_from(word(16)).map_err(|_| "the snapshot is truncated".to_string())
}

/// A buffer for a payload of `len` bytes, aligned as the archives are read in place.
pub fn payload_buffer(len: usize) -> Payload {
    let mut payload = Payload::with_capacity(len);
    payload.resize(len, 0);
    payload
}

/// The payload of a snapshot, read into the buffer its archives are decoded from.
pub type Payload = AlignedVec<ALIGN>;

/// The snapshot's indexes if it is intact and of `generation`; otherwise why not. The file is
/// mapped, not read: the real columns' sealed blocks are read in place (`blocks::Sealed`), where
/// a copy of the payload and then of each column filled fresh pages (at 20M bookings, 423 MB and
/// 380 MB of them, half a start). The mapping is populated whole, as every byte is checked.
pub fn read(data_dir: &Path, generation: u64) -> Result<BookingSets, String> {
    decode_from(Source::Mapped(mapped(data_dir, generation)?), generation)
}

/// The snapshot file mapped, if it announces a payload of `generation` of its length.
fn mapped(data_dir: &Path, generation: u64) -> Result<Mapping, String> {
    let unusable = |e: std::io::Error| format!("no usable snapshot ({e})");
    let file = std::fs::File::open(path(data_dir)).map_err(unusable)?;
    let mapped = map(&file).map_err(unusable)?;
    drop(file);
    let Some(header) = mapped.get(..HEADER) else {
        return Err("the snapshot is not a bookings snapshot of this version".into());
    };
    if payload_len(header, generation)? != mapped.len() - HEADER {
        return Err("the snapshot is truncated".into());
    }
    Ok(Arc::new(mapped))
}

/// `sets` with their real columns read in place in the snapshot file just written of them, in
/// place of where they were read until now: their own pages, or the mapping of a snapshot this
/// one replaced, whose file keeps its space on the disk (it is renamed over, not gone) until no
/// block reads it. The rest of the indexes is shared or copied as it is. Refused when the file is
/// not of `sets` (a later write replaced it meanwhile) or holds other columns.
pub fn reread_columns(data_dir: &Path, sets: &BookingSets) -> Result<BookingSets, String> {
    let mapping = mapped(data_dir, sets.generation)?;
    let source = Source::Mapped(mapping.clone());
    let parts = intact_parts(&source, sets.generation)?;
    use rkyv::rancor::Error;
    let invalid = |e: Error| format!("the snapshot does not validate ({e})");
    let archived = rkyv::access::<ArchivedColumns, Error>(parts[0]).map_err(invalid)?;
    let columns = rkyv::api::deserialize_using::<Columns, _, Error>(archived, &mut mapping.clone())
        .map_err(invalid)?;
    if columns != sets.real.cols {
        return Err("the snapshot's columns are not the index's".into());
    }
    Ok(sets.with_real_columns(columns))
}

/// `file` mapped for reading.
#[expect(
    unsafe_code,
    reason = "a mapped file changed by another process would change under the references into it"
)]
fn map(file: &std::fs::File) -> std::io::Result<memmap2::Mmap> {
    // SAFETY: the snapshot is never written in place: a new one is written to another file that
    // is renamed over it (`write`), and this mapping keeps the pages of the file it mapped.
    unsafe { memmap2::MmapOptions::new().populate().map(file) }
}

/// Where a snapshot's bytes are: read into memory (from PostgreSQL), or a mapped file.
enum Source {
    Read { header: Vec<u8>, payload: Payload },
    Mapped(Mapping),
}

impl Source {
    fn header(&self) -> &[u8] {
        match self {
            Source::Read { header, .. } => header,
            Source::Mapped(mapped) => &mapped[..HEADER],
        }
    }

    fn payload(&self) -> &[u8] {
        match self {
            Source::Read { payload, .. } => payload,
            Source::Mapped(mapped) => &mapped[HEADER..],
        }
    }
}

/// The indexes of a snapshot given its header and its whole payload, if it is intact and of
/// `generation`; otherwise why not.
pub fn decode(header: &[u8], payload: Payload, generation: u64) -> Result<BookingSets, String> {
    let header = header.to_vec();
    decode_from(Source::Read { header, payload }, generation)
}

fn decode_from(source: Source, generation: u64) -> Result<BookingSets, String> {
    let parts = intact_parts(&source, generation)?;
    use rkyv::rancor::Error;
    let invalid = |e: Error| format!("the snapshot does not validate ({e})");
    let columns = |bytes: &[u8]| rkyv::from_bytes::<Columns, Error>(bytes);
    let sums = |bytes: &[u8]| rkyv::from_bytes::<IndexSums, Error>(bytes);
    let archived = rkyv::access::<ArchivedColumns, Error>(parts[0]).map_err(invalid)?;
    let half_ok = |(cols, sums): &(Columns, IndexSums), sample: bool| {
        validate(cols).is_ok()
            && cols.sample.count_set() == if sample { cols.sample.len() } else { 0 }
            && sums.is_valid(cols, super::index::city_names(&cols.city_states).0.len())
    };
    // The real rows' lists are most of a start: one core builds them from the archive in place
    // while the other decodes everything, checks the real rows and finds their days and runs.
    let (decoded, real_lists) = std::thread::scope(|scope| {
        let lists = scope.spawn(|| lists_of_archive(archived));
        let decoded = (|| -> Result<_, Error> {
            let real_columns = match &source {
                Source::Mapped(mapping) => rkyv::api::deserialize_using::<Columns, _, Error>(
                    archived,
                    &mut mapping.clone(),
                )?,
                Source::Read { .. } => rkyv::deserialize::<Columns, Error>(archived)?,
            };
            let real = (real_columns, sums(parts[1])?);
            let sample = (columns(parts[2])?, sums(parts[3])?);
            let real_ok = half_ok(&real, false);
            let starts = real_ok.then(|| starts(real.0.times.iter()));
            Ok((real, sample, starts))
        })();
        let lists = lists
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        (decoded, lists)
    });
    let (real, sample, real_starts) = decoded.map_err(invalid)?;
    // A payload read into memory is freed here; a mapping stays while a block reads it.
    drop(source);
    let (a, b) = (&real.0, &sample.0);
    let same_dictionaries = a.categories == b.categories
        && a.states == b.states
        && a.dmas == b.dmas
        && a.city_states == b.city_states
        && a.vendors == b.vendors;
    let ok = half_ok(&sample, true) && same_dictionaries;
    let (true, Some(real_lists), Some(real_starts)) = (ok, real_lists, real_starts) else {
        return Err("the snapshot's columns or sums are inconsistent".into());
    };
    Ok(BookingSets::from_parts(
        generation,
        BookingIndex::with_lists(
            real.0,
            Some(real.1),
            Some((real_lists, real_starts)),
            generation,
        ),
        BookingIndex::with_sums(sample.0, Some(sample.1), generation),
    ))
}

/// The archives of the snapshot in `source`, if its payload is of `generation`, whole, matches its
/// checksum and splits into them; otherwise why not.
fn intact_parts(source: &Source, generation: u64) -> Result<[&[u8]; PARTS], String> {
    let (header, payload) = (source.header(), source.payload());
    if payload_len(header, generation)? != payload.len() {
        return Err("the snapshot is truncated".into());
    }
    let crc = u32::from_le_bytes(header[24..28].try_into().unwrap_or_default());
    if crc32fast::hash(payload) != crc {
        return Err("the snapshot's checksum does not match".into());
    }
    split_parts(payload).ok_or_else(|| "the snapshot's parts do not add up".into())
}

/// The payload's archives, each starting on an `ALIGN` boundary; `None` if the lengths do not
/// add up to the payload exactly.
fn split_parts(payload: &[u8]) -> Option<[&[u8]; PARTS]> {
    let lengths = payload.get(..PARTS * 8)?;
    let mut at = lengths.len();
    let mut parts: [&[u8]; PARTS] = [&[]; PARTS];
    for (i, part) in parts.iter_mut().enumerate() {
        let len = u64::from_le_bytes(lengths[i * 8..i * 8 + 8].try_into().ok()?);
        let len = usize::try_from(len).ok()?;
        *part = payload.get(at..at.checked_add(len)?)?;
        at = at.checked_add(padded(len))?;
    }
    (at == payload.len()).then_some(parts)
}

/// Checks what the archive format cannot: equal column lengths and ids inside their dictionaries.
/// A snapshot failing either would make queries index out of bounds. The rows' order needs no
/// check: the index finds its runs of rows in time order from the times (`BookingIndex::runs`).
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
        && c.category.all(|v| (v as usize) < c.categories.len())
        && c.state.all(|v| (v as usize) < c.states.len())
        && c.dma.all_below(c.dmas.len())
        && c.city_state.all_below(c.city_states.len())
        && c.vendor.all_below(c.vendors.len())
        && c.sample.is_well_formed()
        && c.size
            .all(|v| (v as usize) < crate::platform::firm_size::FirmSize::ALL.len())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bookings::{Booking, ColumnsBuilder};
    use crate::platform::firm_size::FirmSize;

    fn sets(rows: i64, generation: u64) -> BookingSets {
        let mut b = ColumnsBuilder::default();
        for i in 0..rows {
            b.push(
                i as u64 + 1,
                &Booking {
                    category: "Intake".into(),
                    client: format!("Vendor {}", i % 3),
                    firm_size: FirmSize::Solo,
                    city_state: Some(format!("City {i}, TX")),
                    state: Some("TX".into()),
                    dma: Some("Austin".into()),
                    created: 1_700_000_000 + i * 86_400,
                    sample: false,
                },
            );
        }
        BookingSets::from_columns(b.finish(), generation)
    }

    #[test]
    fn a_snapshot_reads_back_with_its_sums() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), &sets(5, 3)).unwrap();
        let read = read(dir.path(), 3).unwrap();
        assert_eq!(read.real.cols, sets(5, 3).real.cols);
        let sums = read.real.running_sums(None, None, None).unwrap();
        assert_eq!(sums.total(i32::MIN, i32::MAX), 5);
    }

    #[test]
    fn the_live_index_reads_its_columns_in_the_file_just_written_keeping_its_answers() {
        use crate::bookings::answers::Question;
        let dir = tempfile::tempdir().unwrap();
        let live = sets(100, 4);
        live.real
            .answers
            .get_or_make(Question::FilterOptions, || Ok(b"{}".to_vec()))
            .unwrap();
        write(dir.path(), &live).unwrap();
        let reread = reread_columns(dir.path(), &live).unwrap();
        assert!(reread.real.cols == live.real.cols);
        assert_eq!(
            reread.real.answers.len(),
            1,
            "the answer computed before is kept"
        );
        // A file of other rows, or of another generation, is refused.
        write(dir.path(), &sets(99, 4)).unwrap();
        let refused = reread_columns(dir.path(), &live).err().unwrap();
        assert_eq!(refused, "the snapshot's columns are not the index's");
        write(dir.path(), &sets(100, 5)).unwrap();
        assert!(reread_columns(dir.path(), &live).is_err());
    }

    #[test]
    fn the_file_s_columns_are_read_in_place_and_a_change_copies_its_block_first() {
        let dir = tempfile::tempdir().unwrap();
        // 100 rows: six sealed blocks of 16 (the crate's tests' block) and a tail of four.
        let written = sets(100, 4);
        write(dir.path(), &written).unwrap();
        let read = read(dir.path(), 4).unwrap();
        let times = &read.real.cols.times;
        assert_eq!((times.in_place(), times.len()), (6, 100));
        assert_eq!(read.real.cols.ids.len(), 100);
        assert_eq!(read.real.cols, written.real.cols);
        // A snapshot written since is a new file renamed over the mapped one: the values read in
        // place are still the first file's.
        write(dir.path(), &sets(3, 5)).unwrap();
        assert_eq!(read.real.cols, written.real.cols);
        // A change copies the block it falls in, and another copy of the columns keeps the value.
        let mut changed = read.real.cols.times.clone();
        *changed.get_mut(20) += 1;
        assert_eq!(changed.in_place(), 5);
        assert_eq!(changed[20], written.real.cols.times[20] + 1);
        assert_eq!(read.real.cols.times[20], written.real.cols.times[20]);
        assert_eq!(changed.shared_with(times), 5);
        // The index still answers once the file is gone.
        std::fs::remove_file(path(dir.path())).unwrap();
        let sums = read.real.running_sums(None, None, None).unwrap();
        assert_eq!(sums.total(i32::MIN, i32::MAX), 100);
        assert_eq!(
            read.real.cols.times.to_vec(),
            written.real.cols.times.to_vec()
        );
    }

    /// The layout as it was written before the archives were streamed: each archive whole, then
    /// the header and every part. Snapshots already on disk and in PostgreSQL are of this layout.
    fn encoded_whole(sets: &BookingSets) -> Vec<u8> {
        use rkyv::rancor::Error;
        let parts = [
            rkyv::to_bytes::<Error>(&sets.real.cols).unwrap(),
            rkyv::to_bytes::<Error>(&sets.real.sums).unwrap(),
            rkyv::to_bytes::<Error>(&sets.sample.cols).unwrap(),
            rkyv::to_bytes::<Error>(&sets.sample.sums).unwrap(),
        ];
        let mut payload: Vec<u8> = parts
            .iter()
            .flat_map(|p| (p.len() as u64).to_le_bytes())
            .collect();
        for part in &parts {
            payload.extend_from_slice(part);
            payload.resize(payload.len() + padded(part.len()) - part.len(), 0);
        }
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&sets.generation.to_le_bytes());
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&payload);
        out
    }

    #[test]
    fn the_streamed_snapshot_is_byte_for_byte_the_whole_archives_layout() {
        // Many column blocks (of 16 rows in the crate's tests) and sample rows, so every part has
        // sealed blocks and a tail, and lengths that are not multiples of the padding.
        let mut b = ColumnsBuilder::default();
        for i in 0..1_001i64 {
            b.push(
                i as u64 + 1,
                &Booking {
                    category: ["Intake", "Billing"][i as usize % 2].into(),
                    client: format!("Vendor {}", i % 7),
                    firm_size: FirmSize::ALL[i as usize % FirmSize::ALL.len()],
                    city_state: Some(format!("City {}, TX", i % 13)),
                    state: Some(["TX", "CA"][i as usize % 2].into()),
                    dma: Some("Austin".into()),
                    created: 1_700_000_000 + i * 600,
                    sample: i % 5 == 0,
                },
            );
        }
        let big = BookingSets::from_columns(b.finish(), 9);
        for sets in [&big, &sets(5, 3), &sets(0, 1)] {
            let mut streamed = Vec::new();
            encode(sets, &mut streamed).unwrap();
            assert!(streamed == encoded_whole(sets), "{} bytes", streamed.len());
        }
        // The file, whose header is written last, holds the same bytes.
        let dir = tempfile::tempdir().unwrap();
        for sets in [&big, &sets(5, 3), &sets(0, 1)] {
            write(dir.path(), sets).unwrap();
            let file = std::fs::read(path(dir.path())).unwrap();
            assert!(file == encoded_whole(sets), "{} bytes", file.len());
        }
        write(dir.path(), &big).unwrap();
        assert_eq!(read(dir.path(), 9).unwrap().real.cols, big.real.cols);
    }

    /// A snapshot the disk has no room for leaves nothing behind: the part written would hold
    /// space the database needs. `/dev/full` answers every write as a full disk does.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_snapshot_cut_short_by_a_full_disk_leaves_no_partial_file() {
        let dir = tempfile::tempdir().unwrap();
        let tmp = dir.path().join("bookings.idx.tmp");
        std::os::unix::fs::symlink("/dev/full", &tmp).unwrap();
        let e = write(dir.path(), &sets(5, 3)).unwrap_err();
        assert_eq!(
            e.downcast_ref::<std::io::Error>().map(|e| e.kind()),
            Some(std::io::ErrorKind::StorageFull)
        );
        assert!(
            std::fs::symlink_metadata(&tmp).is_err(),
            "the partial file is left"
        );
        assert!(!path(dir.path()).exists());
    }

    #[test]
    fn sums_that_do_not_fit_the_columns_are_refused_even_with_a_right_checksum() {
        let dir = tempfile::tempdir().unwrap();
        let (mut five, mut three) = (sets(5, 1), sets(3, 1));
        // The columns of five rows with the sums of three: every part decodes and the checksum is
        // right, but the counts would be wrong (and the cities out of bounds).
        let swapped = BookingSets::from_parts(
            1,
            BookingIndex::with_sums(
                std::mem::take(&mut five.real.cols),
                Some(std::mem::take(&mut three.real.sums)),
                1,
            ),
            BookingIndex::with_sums(five.sample.cols.clone(), None, 1),
        );
        write(dir.path(), &swapped).unwrap();
        let refused = read(dir.path(), 1).err().unwrap();
        assert!(refused.contains("inconsistent"), "{refused}");
    }

    #[test]
    fn a_value_outside_its_dictionary_is_refused_not_indexed() {
        let dir = tempfile::tempdir().unwrap();
        let mut good = sets(5, 2);
        let mut cols = std::mem::take(&mut good.real.cols);
        // A vendor id past the dictionary: the row lists built from the archive must not index
        // with it.
        cols.vendor =
            crate::bookings::columns::Codes::Narrow([0, 1, 2, 3, 99].into_iter().collect());
        let bad = BookingSets::from_parts(
            2,
            BookingIndex::with_lists(
                cols,
                Some(std::mem::take(&mut good.real.sums)),
                Some(Default::default()),
                2,
            ),
            BookingIndex::with_sums(good.sample.cols.clone(), None, 2),
        );
        write(dir.path(), &bad).unwrap();
        let refused = read(dir.path(), 2).err().unwrap();
        assert!(refused.contains("inconsistent"), "{refused}");
    }

    #[test]
    fn payload_lengths_that_do_not_add_up_are_refused() {
        let mut payload = vec![0u8; PARTS * 8 + 32];
        payload[..8].copy_from_slice(&16u64.to_le_bytes());
        payload[8..16].copy_from_slice(&16u64.to_le_bytes());
        assert!(split_parts(&payload).is_some());
        payload[16..24].copy_from_slice(&1u64.to_le_bytes());
        assert!(split_parts(&payload).is_none(), "one byte too many");
        payload[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(split_parts(&payload).is_none(), "past the end");
    }
}
