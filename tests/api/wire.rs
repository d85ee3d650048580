//! A small HTTP/1.1 client over a plain TcpStream, for the tests that run the real binary: requests
//! exactly as written (no client library in the way), on connections that can be kept alive.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

/// One answer, with the session token a Set-Cookie header gave, if any.
pub struct Answer {
    pub status: u16,
    pub token: Option<String>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|_| {
            panic!(
                "not JSON ({}): {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }
}

pub struct Conn {
    addr: String,
    /// The `Host` and `Origin` sent, and header lines added to every request (`naming`).
    host: Option<(String, String)>,
    reader: BufReader<TcpStream>,
}

impl Conn {
    pub fn open(addr: &str) -> Conn {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        Conn {
            addr: addr.into(),
            host: None,
            reader: BufReader::new(stream),
        }
    }

    /// This connection's requests name `host` in `Host` and `Origin` instead of the address they
    /// are sent to, with `extra` header lines (each ending in CRLF): a request as anyone can write
    /// one, whatever the browser would send.
    pub fn naming(mut self, host: &str, extra: &str) -> Conn {
        self.host = Some((host.to_string(), extra.to_string()));
        self
    }

    /// Whether the server has closed this connection (a read finds its end, or fails).
    pub fn is_closed(&mut self) -> bool {
        let mut byte = [0u8; 1];
        matches!(self.reader.read(&mut byte), Ok(0) | Err(_))
    }

    /// Sends one request on this connection (kept alive) and reads its answer.
    pub fn send(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<(&str, &[u8])>,
    ) -> std::io::Result<Answer> {
        let (addr, extra) = match &self.host {
            Some((host, extra)) => (host, extra.as_str()),
            None => (&self.addr, ""),
        };
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n\
             Connection: keep-alive\r\n{extra}"
        );
        if let Some(t) = token {
            head.push_str(&format!("Cookie: litstack_session={t}\r\n"));
        }
        let (content_type, bytes) = body.unwrap_or(("", b""));
        if !content_type.is_empty() {
            head.push_str(&format!("Content-Type: {content_type}\r\n"));
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n", bytes.len()));
        let stream = self.reader.get_mut();
        stream.write_all(head.as_bytes())?;
        stream.write_all(bytes)?;
        self.read_answer()
    }

    pub fn read_answer(&mut self) -> std::io::Result<Answer> {
        let reader = &mut self.reader;
        let mut status_line = String::new();
        if reader.read_line(&mut status_line)? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let status = status_line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("not an HTTP answer: {status_line:?}"));
        let (mut token, mut chunked, mut length) = (None, false, 0usize);
        loop {
            let mut line = String::new();
            reader.read_line(&mut line)?;
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            let (name, value) = line.split_once(':').unwrap();
            let (name, value) = (name.to_ascii_lowercase(), value.trim());
            if name == "set-cookie"
                && let Some(v) = value.strip_prefix("litstack_session=")
            {
                let v = v.split(';').next().unwrap();
                token = (!v.is_empty()).then(|| v.to_string());
            }
            chunked |= name == "transfer-encoding" && value.contains("chunked");
            if name == "content-length" {
                length = value.parse().unwrap();
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                let mut size = String::new();
                reader.read_line(&mut size)?;
                let n = usize::from_str_radix(size.trim(), 16).unwrap();
                let mut chunk = vec![0; n + 2];
                reader.read_exact(&mut chunk)?;
                body.extend_from_slice(&chunk[..n]);
                if n == 0 {
                    break;
                }
            }
        } else {
            body.resize(length, 0);
            reader.read_exact(&mut body)?;
        }
        Ok(Answer {
            status,
            token,
            body,
        })
    }
}
