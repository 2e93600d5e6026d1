//! SIGHUP, SIGTERM and SIGINT, turned into a flag the frontends read: each
//! ends the game as closing its window does (the game is recorded, the
//! frames written so far are whole, the temporary files removed).
//!
//! pygame gets SIGTERM and SIGINT this way from SDL, which turns them into
//! a `QUIT` event, but SIGHUP (the terminal closed) kills it. The handler
//! here is installed before SDL starts, and SDL leaves a handler it finds
//! in place, so all three take one path: [`received`] is checked wherever
//! the window or a replay reads its events.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the handler.
static RECEIVED: AtomicBool = AtomicBool::new(false);

/// The signals that end a game.
const SIGNALS: [libc::c_int; 3] = [libc::SIGHUP, libc::SIGTERM, libc::SIGINT];

extern "C" fn handle(_signal: libc::c_int) {
    // Only an atomic store: all a signal handler may safely do here.
    RECEIVED.store(true, Ordering::SeqCst);
}

/// Installs the handler for SIGHUP, SIGTERM and SIGINT. A signal that was
/// ignored when the program started (`nohup`) stays ignored.
pub fn install() -> std::io::Result<()> {
    for signal in SIGNALS {
        // SAFETY: sigaction with a zeroed struct filled in; the handler only
        // stores to an atomic, which is async-signal-safe.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut old) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if old.sa_sigaction == libc::SIG_IGN {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handle as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            if libc::sigaction(signal, &action, std::ptr::null_mut()) != 0 {
                return Err(std::io::Error::last_os_error());
            }
        }
    }
    Ok(())
}

/// Whether one of the signals has arrived since [`install`].
pub fn received() -> bool {
    RECEIVED.load(Ordering::SeqCst)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `signal` was ignored when the process started (`nohup`
    /// ignores SIGHUP, a shell's background job SIGINT), which [`install`]
    /// leaves as it is.
    fn ignored(signal: libc::c_int) -> bool {
        // SAFETY: sigaction only reads the disposition into a zeroed struct.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(signal, std::ptr::null(), &mut old) == 0
                && old.sa_sigaction == libc::SIG_IGN
        }
    }

    #[test]
    fn a_signal_sets_the_flag_instead_of_ending_the_process() {
        // One of the three that was not ignored: under `nohup` raising
        // SIGHUP would prove nothing.
        let Some(signal) = SIGNALS.into_iter().find(|&s| !ignored(s)) else {
            eprintln!("all three signals are ignored here: nothing to raise");
            return;
        };
        install().unwrap();
        assert!(!received());
        // SAFETY: raising a signal this process now handles.
        assert_eq!(unsafe { libc::raise(signal) }, 0);
        assert!(received(), "the process lives on, and knows");
    }
}
