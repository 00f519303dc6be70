//! The invitation: a code the host gives and the friend pastes. It names the host's endpoint
//! (its public key, its direct addresses, its home relay) and holds a secret of 128 bits that
//! a stranger who finds the port cannot guess. The code is Base32 (letters and digits 2–7), read
//! without regard to case, spaces or line breaks, so it survives being read out or re-typed.

use std::net::{IpAddr, SocketAddr};

use data_encoding::BASE32_NOPAD;
use iroh::{EndpointAddr, EndpointId, RelayUrl, TransportAddr};

/// The code's first letters, and the version of its layout.
const PREFIX: &str = "GAMESTER";
const LAYOUT: u8 = 1;

/// An invitation to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub addr: EndpointAddr,
    pub secret: [u8; 16],
}

/// Why a code is not an invitation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InviteError {
    #[error("an invitation begins with {PREFIX}; this one does not (was it copied whole?)")]
    Prefix,
    #[error("the invitation holds a letter that cannot be in one (was it copied whole?)")]
    Letters,
    #[error("the invitation is cut short (was it copied whole?)")]
    Short,
    #[error("the invitation was made by another version of Gamester")]
    Layout,
    #[error("the invitation does not name a host")]
    Host,
}

impl Invitation {
    /// The code, as the host shows it.
    #[must_use]
    pub fn code(&self) -> String {
        let mut bytes = vec![LAYOUT];
        bytes.extend_from_slice(self.addr.id.as_bytes());
        bytes.extend_from_slice(&self.secret);
        for a in &self.addr.addrs {
            match a {
                TransportAddr::Ip(SocketAddr::V4(v4)) => {
                    bytes.push(4);
                    bytes.extend_from_slice(&v4.ip().octets());
                    bytes.extend_from_slice(&v4.port().to_be_bytes());
                }
                TransportAddr::Ip(SocketAddr::V6(v6)) => {
                    bytes.push(6);
                    bytes.extend_from_slice(&v6.ip().octets());
                    bytes.extend_from_slice(&v6.port().to_be_bytes());
                }
                TransportAddr::Relay(url) => {
                    let url = url.to_string();
                    if let Ok(len) = u8::try_from(url.len()) {
                        bytes.push(b'r');
                        bytes.push(len);
                        bytes.extend_from_slice(url.as_bytes());
                    }
                }
                _ => {}
            }
        }
        format!("{PREFIX}{}", BASE32_NOPAD.encode(&bytes))
    }

    /// A code as a person reads it: its first word, then the letters in groups of four (one
    /// breath each when read aloud), spaces between. [`Invitation::parse`] takes it back.
    #[must_use]
    pub fn grouped(code: &str) -> String {
        let letters: Vec<char> = code
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        let first: String = letters.iter().take(PREFIX.len()).collect();
        let (head, body) = if first.eq_ignore_ascii_case(PREFIX) {
            letters.split_at(PREFIX.len())
        } else {
            letters.split_at(0)
        };
        let mut out: String = head.iter().collect();
        for group in body.chunks(4) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.extend(group);
        }
        out
    }

    /// The invitation a code holds, or what is wrong with it.
    pub fn parse(code: &str) -> Result<Invitation, InviteError> {
        let clean: String = code
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect::<String>()
            .to_ascii_uppercase();
        let body = clean.strip_prefix(PREFIX).ok_or(InviteError::Prefix)?;
        if !body.bytes().all(|b| matches!(b, b'A'..=b'Z' | b'2'..=b'7')) {
            return Err(InviteError::Letters);
        }
        // Every letter is one a code holds, so letters that do not make whole bytes (a code
        // cut inside a group of letters) mean a code cut short.
        let bytes = BASE32_NOPAD
            .decode(body.as_bytes())
            .map_err(|_| InviteError::Short)?;
        let mut r = Reader(&bytes);
        if r.take(1)?[0] != LAYOUT {
            return Err(InviteError::Layout);
        }
        let id: [u8; 32] = r.array()?;
        let id = EndpointId::from_bytes(&id).map_err(|_| InviteError::Host)?;
        let secret: [u8; 16] = r.array()?;
        let mut addr = EndpointAddr::new(id);
        while !r.0.is_empty() {
            match r.take(1)?[0] {
                4 => {
                    let ip: [u8; 4] = r.array()?;
                    let port: [u8; 2] = r.array()?;
                    addr = addr
                        .with_ip_addr(SocketAddr::new(IpAddr::from(ip), u16::from_be_bytes(port)));
                }
                6 => {
                    let ip: [u8; 16] = r.array()?;
                    let port: [u8; 2] = r.array()?;
                    addr = addr
                        .with_ip_addr(SocketAddr::new(IpAddr::from(ip), u16::from_be_bytes(port)));
                }
                b'r' => {
                    let len = usize::from(r.take(1)?[0]);
                    let url =
                        std::str::from_utf8(r.take(len)?).map_err(|_| InviteError::Letters)?;
                    let url: RelayUrl = url.parse().map_err(|_| InviteError::Letters)?;
                    addr = addr.with_relay_url(url);
                }
                _ => return Err(InviteError::Layout),
            }
        }
        Ok(Invitation { addr, secret })
    }
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], InviteError> {
        if self.0.len() < n {
            return Err(InviteError::Short);
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], InviteError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Invitation {
        let key = iroh::SecretKey::from_bytes(&[7; 32]);
        let addr = EndpointAddr::new(key.public())
            .with_ip_addr("192.168.1.20:40000".parse().unwrap())
            .with_ip_addr("[fe80::1]:40001".parse().unwrap())
            .with_relay_url("https://relay.example.org./".parse().unwrap());
        Invitation {
            addr,
            secret: [3; 16],
        }
    }

    #[test]
    fn a_code_reads_back_as_its_invitation_in_any_case_and_spacing() {
        let inv = sample();
        let code = inv.code();
        assert!(code.starts_with("GAMESTER"));
        assert_eq!(Invitation::parse(&code).unwrap(), inv);
        let retyped = format!(" {} \n", code.to_lowercase().replace("ster", "ster "));
        assert_eq!(Invitation::parse(&retyped).unwrap(), inv);
    }

    #[test]
    fn a_code_in_groups_of_four_reads_back_as_its_invitation() {
        let inv = sample();
        let code = inv.code();
        let grouped = Invitation::grouped(&code);
        let mut words = grouped.split(' ');
        assert_eq!(words.next(), Some(PREFIX));
        let groups: Vec<&str> = words.collect();
        assert!(groups[..groups.len() - 1].iter().all(|g| g.len() == 4));
        assert_eq!(groups.concat(), code[PREFIX.len()..]);
        assert_eq!(Invitation::parse(&grouped).unwrap(), inv);
        // Grouped again, it is the same; and a code retyped in any spacing groups the same
        assert_eq!(Invitation::grouped(&grouped), grouped);
        assert_eq!(
            Invitation::grouped(&format!(" {}\n{} ", &code[..13], &code[13..])),
            grouped
        );
    }

    #[test]
    fn a_damaged_code_says_what_is_wrong() {
        let code = sample().code();
        assert_eq!(Invitation::parse("hello"), Err(InviteError::Prefix));
        assert_eq!(Invitation::parse(&code[..32]), Err(InviteError::Short));
        assert_eq!(
            Invitation::parse(&format!("{}1", &code)),
            Err(InviteError::Letters)
        );
    }

    #[test]
    fn a_code_cut_anywhere_is_called_short_never_a_wrong_letter() {
        let inv = sample();
        let code = inv.code();
        let mut short = 0;
        for end in PREFIX.len() + 1..code.len() {
            let cut = &code[..end];
            match Invitation::parse(cut) {
                Err(InviteError::Short) => short += 1,
                // A cut that falls just after a whole address leaves an invitation to the same
                // host with fewer ways to it: still the host's, and its secret.
                Ok(fewer) => {
                    assert_eq!((fewer.addr.id, fewer.secret), (inv.addr.id, inv.secret));
                    assert!(fewer.addr.addrs.is_subset(&inv.addr.addrs), "{cut}");
                }
                Err(e) => panic!("{cut} (cut at {end} of {}): {e}", code.len()),
            }
        }
        // Nearly every cut is one, the cuts inside a group of letters too
        assert!(short >= code.len() - PREFIX.len() - 4, "{short}");
        // And a cut code read aloud with its spaces is still called short
        let spaced = format!("{} {}", &code[..20], &code[20..43]);
        assert_eq!(Invitation::parse(&spaced), Err(InviteError::Short));
    }

    #[test]
    fn a_letter_that_cannot_be_in_a_code_is_called_so_even_in_a_cut_one() {
        let code = sample().code();
        // (Base32 has no 0, 1, 8 or 9.)
        for (at, bad) in [(12, '1'), (30, '0'), (31, '8')] {
            let mut damaged = code[..40].to_string();
            damaged.replace_range(at..=at, &bad.to_string());
            assert_eq!(
                Invitation::parse(&damaged),
                Err(InviteError::Letters),
                "{damaged}"
            );
            let mut whole = code.clone();
            whole.replace_range(at..=at, &bad.to_string());
            assert_eq!(
                Invitation::parse(&whole),
                Err(InviteError::Letters),
                "{whole}"
            );
        }
    }
}
