//! A cheating friend, to try Gamester's fair play by hand (and to see the window count a stalled
//! throw down): it joins with an invitation, sits down, answers the host's first throw with a
//! commitment, sees the host's seed (and so the dice) and then says nothing more, keeping its
//! own seed back. What the host says to it is printed.
//!
//! ```sh
//! cargo run -p gamester-net --example mallory -- GAMESTER…
//! ```
#![allow(clippy::print_stdout, clippy::print_stderr)]

use gamester_net::invite::Invitation;
use gamester_net::link::ALPN;
use gamester_net::record::{commit_statement, commitment, joint_seed};
use gamester_net::sign::{Hash, Key};
use gamester_net::wire::{self, Msg, VERSION};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let code = std::env::args()
        .nth(1)
        .ok_or("usage: mallory <invitation>")?;
    let invitation = Invitation::parse(&code)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        // Mallory's own key: its line is opened with it, and it signs with it.
        let key = Key::generate();
        let endpoint = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
            .relay_mode(iroh::RelayMode::Disabled)
            .secret_key(key.secret())
            .bind()
            .await?;
        let conn = endpoint.connect(invitation.addr.clone(), ALPN).await?;
        let (mut send, mut recv) = conn.open_bi().await?;
        let hello = Msg::Hello {
            version: VERSION,
            secret: invitation.secret,
            name: "Mallory".into(),
            back: None,
        };
        wire::write(&mut send, &hello).await?;
        let mine = Hash([9u8; 32]);
        let mut setup = None;
        loop {
            let msg = wire::read(&mut recv).await?;
            match &msg {
                Msg::Welcome {
                    setup: s, party, ..
                } => {
                    let sig = Some(key.sign(&s.offer(*party)));
                    wire::write(&mut send, &Msg::Accept { sig }).await?;
                }
                Msg::Start { setup: s } => setup = Some((**s).clone()),
                // The host's first throw (the throw-off), chained to the seating.
                Msg::Commit { from: 0, at, .. } => {
                    let root = setup
                        .as_ref()
                        .map(gamester_net::Setup::root)
                        .unwrap_or_default();
                    let hash = commitment(1, *at, &mine);
                    let commit = Msg::Commit {
                        from: 1,
                        at: *at,
                        hash,
                        sig: key.sign(&commit_statement(&root, 1, &hash)),
                    };
                    wire::write(&mut send, &commit).await?;
                }
                Msg::Reveal { from: 0, at, seed } => {
                    let dice = setup
                        .as_ref()
                        .and_then(|s| s.board().ok())
                        .and_then(|b| b.chance(joint_seed(*at, &[*seed, mine])));
                    println!("the dice will be {dice:?}: keeping my seed back");
                }
                Msg::Bye { reason } => {
                    println!("sent away: {reason}");
                    break;
                }
                other => println!("heard {}", gamester_net::table::msg_name(other)),
            }
        }
        endpoint.close().await;
        Ok(())
    })
}
