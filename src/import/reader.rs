//! Reading an import file: CRLF line ends turned into LF on the way, the upload fed in chunk by
//! chunk, and the reader errors that mean "too large" or "not CSV".

use std::io::Read;

use axum::body::Bytes;

use super::ImportError;

/// A reader error carrying this message becomes `ImportError::TooLarge` (the upload reader uses it).
pub fn too_large(limit_bytes: usize) -> std::io::Error {
    std::io::Error::other(TooLargeMarker(format!(
        "The file is larger than the {} MB import limit.",
        limit_bytes.div_ceil(1024 * 1024)
    )))
}

#[derive(Debug)]
struct TooLargeMarker(String);
impl std::fmt::Display for TooLargeMarker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for TooLargeMarker {}

pub(super) fn io_error(e: std::io::Error) -> ImportError {
    if let Some(m) = e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<TooLargeMarker>())
    {
        return ImportError::TooLarge(m.0.clone());
    }
    ImportError::BadFile(format!("The file could not be read: {e}"))
}

pub(super) fn csv_error(e: csv::Error) -> ImportError {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => io_error(e),
        other => ImportError::BadFile(format!("The file could not be read as CSV: {other:?}")),
    }
}

/// Turns every CRLF into LF while streaming.
pub(super) struct CrlfToLf<R> {
    inner: R,
    raw: Vec<u8>,
    buf: Vec<u8>,
    pos: usize,
    pending_cr: bool,
}

impl<R: Read> CrlfToLf<R> {
    pub(super) fn new(inner: R) -> Self {
        CrlfToLf {
            inner,
            raw: Vec::new(),
            buf: Vec::new(),
            pos: 0,
            pending_cr: false,
        }
    }
}

impl<R: Read> Read for CrlfToLf<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        loop {
            if self.pos < self.buf.len() {
                let n = out.len().min(self.buf.len() - self.pos);
                out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
                self.pos += n;
                return Ok(n);
            }
            self.raw.resize(64 * 1024, 0);
            let n = self.inner.read(&mut self.raw)?;
            self.pos = 0;
            self.buf.clear();
            if n == 0 {
                if !std::mem::take(&mut self.pending_cr) {
                    return Ok(0);
                }
                self.buf.push(b'\r');
                continue;
            }
            let raw = &self.raw[..n];
            if std::mem::take(&mut self.pending_cr) && raw[0] != b'\n' {
                self.buf.push(b'\r');
            }
            if !raw.contains(&b'\r') {
                self.buf.extend_from_slice(raw);
                continue;
            }
            for i in 0..n {
                match raw[i] {
                    b'\r' if i + 1 == n => self.pending_cr = true,
                    b'\r' if raw[i + 1] == b'\n' => {}
                    b => self.buf.push(b),
                }
            }
        }
    }
}

/// Feeds an upload to the blocking importer chunk by chunk, so the file is never held whole.
pub struct UploadReader {
    chunks: tokio::sync::mpsc::Receiver<std::io::Result<Bytes>>,
    current: Bytes,
}

impl UploadReader {
    pub fn new(chunks: tokio::sync::mpsc::Receiver<std::io::Result<Bytes>>) -> Self {
        UploadReader {
            chunks,
            current: Bytes::new(),
        }
    }
}

impl Read for UploadReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.current.is_empty() {
            match self.chunks.blocking_recv() {
                Some(Ok(chunk)) => self.current = chunk,
                Some(Err(e)) => return Err(e),
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.current.len());
        buf[..n].copy_from_slice(&self.current[..n]);
        self.current = self.current.slice(n..);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_becomes_lf_across_chunk_edges() {
        for input in [&b"a\r\nb\r\n"[..], b"a\rb\r\n\r", b"\r\n\r\n"] {
            // One byte at a time puts every CR at a chunk edge.
            struct OneByte<'a>(&'a [u8]);
            impl Read for OneByte<'_> {
                fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
                    if self.0.is_empty() || out.is_empty() {
                        return Ok(0);
                    }
                    out[0] = self.0[0];
                    self.0 = &self.0[1..];
                    Ok(1)
                }
            }
            let mut got = Vec::new();
            CrlfToLf::new(OneByte(input)).read_to_end(&mut got).unwrap();
            let want = String::from_utf8_lossy(input).replace("\r\n", "\n");
            assert_eq!(String::from_utf8_lossy(&got), want);
            let mut whole = Vec::new();
            CrlfToLf::new(input).read_to_end(&mut whole).unwrap();
            assert_eq!(String::from_utf8_lossy(&whole), want);
        }
    }
}
