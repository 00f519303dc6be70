//! A game at a distance kept through a restart. The window hands its party a keeper that
//! writes, before anything goes out, what this side needs to take the game up again: how it
//! sat down (the host's key, so that its invitation stays good; a joiner's invitation and
//! name), its pledge (its share of the throw under way), and the game as the party holds it.
//! When the window starts on a game so kept, it takes it up again by itself: a host offers it
//! again under the same invitation, a joiner joins again and is seated where it was. The file
//! holds a host's key, so it is written readable by its owner only.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use gamester_net::Setup;
use gamester_net::invite::Invitation;
use gamester_net::link::{Identity, Reach};
use gamester_net::party::{Keeper, Party, Return};
use gamester_net::sign::Key;
use gamester_net::table::{Pledge, Table};

use crate::save;
use crate::ui::shell::launch::Launch;

/// The file, in the data folder beside the autosave (one per window's slot).
const FILE: &str = "distance.ron";

/// How this side sat down at the game: a host as who it is on the network (its key, which is
/// its seat's, and its invitation's secret); a joiner with the invitation, the name it gave,
/// and its key.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Way {
    Host(Identity),
    Join {
        invitation: String,
        name: String,
        #[serde(with = "gamester_net::sign::hex32")]
        key: [u8; 32],
    },
}

/// What a side keeps of a game at a distance.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Kept {
    pub way: Way,
    pub party: usize,
    pub pledge: Pledge,
    /// The game as the party held it, its record to the last action.
    pub setup: Setup,
}

/// Where the window of `launch` keeps its game at a distance, if it keeps anything.
#[must_use]
pub fn path(launch: &Launch) -> Option<PathBuf> {
    launch
        .data_dir()
        .map(|d| d.join(crate::ui::shell::slot::name(FILE, launch.slot)))
}

/// A keeper for `party` that writes it to the window's file before anything goes out (none
/// where the window keeps nothing).
#[must_use]
pub fn keeper(party: &Party, launch: &Launch) -> Option<Keeper> {
    let path = path(launch)?;
    let way = match (party.identity(), party.joined_with()) {
        (Some(identity), _) => Way::Host(identity),
        (None, Some((invitation, name, key))) => Way::Join {
            invitation: invitation.code(),
            name: name.to_string(),
            key: key.to_bytes(),
        },
        (None, None) => return None,
    };
    Some(Box::new(move |table: &Table| {
        let kept = Kept {
            way: way.clone(),
            party: table.me(),
            pledge: table.pledge().clone(),
            setup: table.setup_now(),
        };
        let text = ron::to_string(&kept)?;
        Ok(save::write_private_atomic(&path, &text)?)
    }))
}

/// The game at a distance the window kept, if the autosave's game (`family`, `record`) is that
/// game, to its last action or to one more of this side's, and it is not over: another game
/// since, or a file that cannot be read, is no game to take up.
#[must_use]
pub fn read(
    launch: &Launch,
    family: &gamester_net::GameRules,
    record: &[gamester_net::NetAction],
) -> Option<Kept> {
    let path = path(launch)?;
    let text = gamester_core::files::read_capped(&path, 8 * 1024 * 1024).ok()?;
    let mut kept: Kept = ron::from_str(&String::from_utf8_lossy(&text)).ok()?;
    if kept.setup.rules != *family {
        return None;
    }
    // The autosave may hold a move of this side's not yet sent: the longer record goes back.
    if record.starts_with(&kept.setup.record) {
        kept.setup.record = record.to_vec();
    }
    let same = !record.is_empty() && kept.setup.record.starts_with(record);
    let board = kept.setup.board().ok()?;
    (same && !board.is_over()).then_some(kept)
}

/// Takes the kept game up again: offered again under the same invitation, or joined again
/// with this side's share of the throw under way.
pub fn reopen(kept: Kept, reach: Reach) -> Result<Party, String> {
    match kept.way {
        Way::Host(identity) => {
            Party::host(kept.setup, reach, identity, kept.pledge).map_err(|e| e.to_string())
        }
        Way::Join {
            invitation,
            name,
            key,
        } => {
            let invitation = Invitation::parse(&invitation).map_err(|e| e.to_string())?;
            let key = Key::from_bytes(&key);
            let back = Return {
                setup: kept.setup,
                party: kept.party,
                pledge: kept.pledge,
                key: key.clone(),
            };
            Party::join(&invitation, name, key, Some(back), reach).map_err(|e| e.to_string())
        }
    }
}
