//! Whether the client of a connection is still there while a job of its request runs.
//!
//! The server answers a client that half-closes its side after its request (hyper's
//! `half_close`), so hyper stops reading once a request is in, and a client that went away is
//! noticed only when the answer is written, after the job. A job's waiter (`Jobs::run`)
//! therefore looks at the socket itself every [`LOOK_EVERY`] while its job runs:
//!
//! - an error on the socket (a reset) means the client is gone;
//! - a read side closed (the client's FIN) means gone or half-closed, which TCP tells apart
//!   only when data is sent: a closed socket answers data with a reset. On a connection's first
//!   request nothing of an earlier answer can wait in hyper's buffer, so one interim
//!   `100 Continue` is written (every HTTP/1.1 client reads past 1xx answers): a client that
//!   closed its socket resets the connection, one that half-closed reads on and gets its answer.
//!   On a later request of a kept-alive connection an earlier answer may still wait in hyper's
//!   buffer, so nothing is written and the closed read side is taken as gone, as nginx does.
//!
//! The socket is a duplicate of the connection's descriptor, made when it is accepted, so that
//! looking needs no unsafe code and no second registration with tokio's reactor.

use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often a running job looks whether its client is still there.
pub const LOOK_EVERY: Duration = Duration::from_millis(100);

/// The interim answer that tells a half-closed client from one that went away.
const PROBE: &[u8] = b"HTTP/1.1 100 Continue\r\n\r\n";

/// A connection's socket, as its jobs see it.
pub struct Connection {
    socket: std::net::TcpStream,
    requests: AtomicU64,
}

tokio::task_local! {
    /// The connection whose requests the current task serves (a connection is served on one
    /// task, with its requests' futures polled inside it).
    static CONNECTION: Arc<Connection>;
}

impl Connection {
    /// The connection of `stream`, or `None` when its descriptor cannot be duplicated (out of
    /// descriptors): its jobs then run to their end or their time limit.
    pub fn of(stream: &tokio::net::TcpStream) -> Option<Arc<Connection>> {
        use std::os::fd::AsFd;
        let socket = stream.as_fd().try_clone_to_owned().ok()?;
        Some(Arc::new(Connection {
            socket: std::net::TcpStream::from(socket),
            requests: AtomicU64::new(0),
        }))
    }

    /// Serves `connection` with `this` as the connection its requests' jobs look at.
    pub async fn serve<F: std::future::Future>(this: Option<Arc<Connection>>, connection: F) {
        match this {
            Some(this) => {
                CONNECTION.scope(this, connection).await;
            }
            None => {
                connection.await;
            }
        }
    }

    /// Notes that a request came in on the current task's connection.
    pub fn request_came() {
        let _ = CONNECTION.try_with(|this| this.requests.fetch_add(1, Ordering::Relaxed));
    }

    /// The current task's connection, if the task serves one.
    pub fn current() -> Option<Arc<Connection>> {
        CONNECTION.try_with(Arc::clone).ok()
    }

    /// Resolves once the client is seen gone; pending for as long as it is there.
    pub async fn gone(&self) {
        let first = self.requests.load(Ordering::Relaxed) <= 1;
        let mut probed = false;
        loop {
            tokio::time::sleep(LOOK_EVERY).await;
            if self.looks_gone(first, &mut probed) {
                return;
            }
        }
    }

    fn looks_gone(&self, first_request: bool, probed: &mut bool) -> bool {
        match self.socket.take_error() {
            Ok(None) => {}
            Ok(Some(_)) | Err(_) => return true,
        }
        // The socket is non-blocking (tokio made it so, and a duplicate shares the flag).
        match self.socket.peek(&mut [0u8]) {
            Ok(0) => {}
            Ok(_) => return false,
            Err(err) if matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {
                return false
            }
            Err(_) => return true,
        }
        if !first_request {
            return true;
        }
        if !*probed {
            *probed = true;
            match (&self.socket).write(PROBE) {
                Ok(written) if written == PROBE.len() => {}
                // Part of it, when the client does not read: the answer would follow half
                // an interim line, so the connection is ended instead.
                Ok(_) => {
                    let _ = self.socket.shutdown(std::net::Shutdown::Both);
                    return true;
                }
                Err(err) if err.kind() == ErrorKind::WouldBlock => {
                    let _ = self.socket.shutdown(std::net::Shutdown::Both);
                    return true;
                }
                Err(_) => return true,
            }
        }
        false
    }
}
