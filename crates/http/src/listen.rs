//! The listening socket: room for many players connecting at once.

use std::net::SocketAddr;
use tokio::net::{TcpListener, TcpSocket};

/// How many connections may wait to be accepted, as [`listen`] asks the
/// kernel (Linux caps it at `net.core.somaxconn`, 4,096 by default since
/// 5.4). tokio's `TcpListener::bind` asks for 128 (mio's default, the
/// standard library's): when more people than that connect in one burst
/// while the server is busy, the kernel drops what overflows the queue and
/// those connections are reset. The load test (500 games, 1,500 connections
/// in its first moments) lost 5 to 242 games that way on a loaded machine.
pub const ACCEPT_BACKLOG: u32 = 4096;

/// A listener on `addr` with a queue of [`ACCEPT_BACKLOG`] connections (and
/// `SO_REUSEADDR` on Unix, as tokio's `TcpListener::bind` sets). Await it
/// within a tokio runtime.
///
/// ```no_run
/// # async fn serve() -> std::io::Result<()> {
/// let listener = ox88_http::listen("127.0.0.1:8088".parse().expect("an address")).await?;
/// println!("listening on {}", listener.local_addr()?);
/// # Ok(())
/// # }
/// ```
pub async fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(ACCEPT_BACKLOG)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn listens_on_the_address_given_and_accepts() {
        let listener = listen("127.0.0.1:0".parse().expect("an address")).await.expect("a listener");
        let addr = listener.local_addr().expect("its address");
        assert!(addr.ip().is_loopback() && addr.port() != 0);
        let (client, accepted) = tokio::join!(tokio::net::TcpStream::connect(addr), listener.accept());
        assert_eq!(client.expect("connected").local_addr().ok(), accepted.expect("accepted").1.into());
    }

    #[tokio::test]
    async fn a_busy_port_is_an_error() {
        let first = listen("127.0.0.1:0".parse().expect("an address")).await.expect("a listener");
        let taken = first.local_addr().expect("its address");
        assert!(listen(taken).await.is_err(), "a second listener on {taken}");
    }
}
