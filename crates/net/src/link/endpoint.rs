//! The line's endpoint and its thread: the QUIC settings every line keeps (a keep-alive, and
//! a silent line given up within seconds), the endpoint bound for the reach asked, and the
//! small tokio runtime on a thread of its own.

use std::time::Duration;

use iroh::endpoint::{IdleTimeout, QuicTransportConfig, VarInt, presets};
use iroh::{Endpoint, RelayMode};

use super::{ALPN, LinkError, Reach};

/// How often each end of a quiet line tells the other it is still there.
const KEEP_ALIVE: Duration = Duration::from_secs(1);

/// How long a line may be silent before it is given up for lost (a crash, a closed lid, a
/// pulled cable): a few keep-alives missed in a row, so that a drop is noticed within seconds.
const SILENT_AT_MOST: Duration = Duration::from_secs(5);

/// The QUIC settings of every line, the host's and the joiner's: a keep-alive each
/// [`KEEP_ALIVE`], and a line silent for [`SILENT_AT_MOST`] given up (each end keeps to the
/// shorter of the two ends' patience).
fn transport() -> QuicTransportConfig {
    let millis = u32::try_from(SILENT_AT_MOST.as_millis()).unwrap_or(u32::MAX);
    QuicTransportConfig::builder()
        .keep_alive_interval(KEEP_ALIVE)
        .max_idle_timeout(Some(IdleTimeout::from(VarInt::from_u32(millis))))
        .build()
}

pub(super) fn spawn_runtime(
    body: impl FnOnce(tokio::runtime::Runtime) + Send + 'static,
) -> Result<std::thread::JoinHandle<()>, LinkError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| LinkError::Thread(e.to_string()))?;
    std::thread::Builder::new()
        .name("gamester-line".into())
        .spawn(move || body(rt))
        .map_err(|e| LinkError::Thread(e.to_string()))
}

pub(super) async fn bind(
    reach: Reach,
    key: Option<iroh::SecretKey>,
    port: u16,
) -> Result<Endpoint, LinkError> {
    let mut builder = match reach {
        Reach::Internet => Endpoint::builder(presets::N0),
        Reach::Local => Endpoint::builder(presets::Minimal).relay_mode(RelayMode::Disabled),
    };
    if let Some(key) = key {
        builder = builder.secret_key(key);
    }
    if port != 0 {
        let v4 = std::net::SocketAddr::from((std::net::Ipv4Addr::UNSPECIFIED, port));
        builder = builder
            .bind_addr(v4)
            .map_err(|e| LinkError::Bind(e.to_string()))?;
    }
    builder
        .transport_config(transport())
        .alpns(vec![ALPN.to_vec()])
        .bind()
        .await
        .map_err(|e| LinkError::Bind(e.to_string()))
}
