//! Games to and from the backgammon world's files. [`mat`]: the Jellyfish/Snowie `.mat` text
//! that GNU Backgammon, eXtreme Gammon and most programs read and write.

pub mod mat;
