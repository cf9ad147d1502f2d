//! The functions CheckerBoard finds in an engine DLL by name: `getmove`, `enginecommand` and
//! `islegal`. They read CheckerBoard's buffers, call the [`Session`], and write back; all
//! of Damier's work is in the safe modules.
//!
//! Every pointer comes from CheckerBoard, which documents its buffers: the board (8x8 ints),
//! the status line (1024 bytes; 255 in older releases, so lines are kept shorter), the
//! command (256) and the reply (1024, but 256 at several of its call sites), the move record,
//! and `playnow`, an int it sets from its interface thread while the engine thinks.

// The exports must have these exact names (`no_mangle`) and take CheckerBoard's raw pointers.
#![allow(unsafe_code)]

use crate::board::{CbMove, Cells};
use crate::session::{Session, TimeRequest};
use damier_engine::Control;
use std::ffi::{c_char, c_int, CStr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

/// Bytes of the status line written at most, its end included (the older releases' size).
const STATUS_BYTES: usize = 255;
/// Bytes of a reply written at most: 256 at some of CheckerBoard's call sites...
const SHORT_REPLY_BYTES: usize = 256;
/// ... and 1024 where a long answer is expected (`about`, `get movelist`).
const LONG_REPLY_BYTES: usize = 1024;

/// The engine of this DLL, made on first use for the game its file name names.
fn session() -> MutexGuard<'static, Session> {
    static SESSION: OnceLock<Mutex<Session>> = OnceLock::new();
    SESSION
        .get_or_init(|| {
            Mutex::new(Session::new(crate::game_of_file(
                module_file_name().as_deref(),
            )))
        })
        .lock()
        // A search that failed leaves the settings whole: go on with them.
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Copies `text` into `buffer` of `size` bytes, cut at a character boundary, ended by a NUL.
///
/// # Safety
/// `buffer` is null or valid for writes of `size` bytes.
unsafe fn write_text(buffer: *mut c_char, size: usize, text: &str) {
    if buffer.is_null() || size == 0 {
        return;
    }
    let mut end = text.len().min(size - 1);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    // SAFETY: `end < size` bytes and the NUL fit in the caller's buffer; the source is a
    // Rust string that cannot overlap CheckerBoard's buffer.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buffer.cast::<u8>(), end);
        *buffer.add(end) = 0;
    }
}

/// Asks a move of the engine: CheckerBoard's `getmove`. Writes the board after the move and
/// the move, and returns 0 draw, 1 win, 2 loss or 3 unknown for the side that moved.
///
/// # Safety
/// The pointers are CheckerBoard's, as its documentation gives them (see the module).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "system" fn getmove(
    board: *mut [[c_int; 8]; 8],
    color: c_int,
    maxtime: f64,
    status: *mut c_char,
    playnow: *mut c_int,
    info: c_int,
    moreinfo: c_int,
    mv: *mut CbMove,
) -> c_int {
    if board.is_null() {
        return crate::session::result::UNKNOWN;
    }
    // SAFETY: CheckerBoard passes its board, 64 ints, valid for the call.
    let cells: Cells = unsafe { *board };
    let time = TimeRequest {
        maxtime,
        info,
        moreinfo,
    };
    let search = match session().prepare(&cells, color, time) {
        Ok(search) => search,
        Err(e) => {
            // SAFETY: the status buffer is at least STATUS_BYTES long.
            unsafe { write_text(status, STATUS_BYTES, &format!("Damier: {e}")) };
            return crate::session::result::UNKNOWN;
        }
    };
    let control = Arc::new(Control::new());
    let done = Arc::new(AtomicBool::new(false));
    let watcher = watch_play_now(playnow, Arc::clone(&control), Arc::clone(&done));
    let status_address = status as usize;
    let answer = search.run(&control, &mut |line| {
        // SAFETY: CheckerBoard's status buffer lives as long as the program and is read by
        // its interface thread, which shows whatever string it finds there.
        unsafe { write_text(status_address as *mut c_char, STATUS_BYTES, line) }
    });
    done.store(true, Ordering::Relaxed);
    if let Some(w) = watcher {
        let _ = w.join();
    }
    // SAFETY: the board and the move record are CheckerBoard's, valid for writes.
    unsafe {
        *board = answer.cells;
        if let (Some(record), false) = (answer.mv, mv.is_null()) {
            *mv = record;
        }
    }
    answer.result
}

/// Stops the search when CheckerBoard sets `playnow` (the user pressed "move now" or
/// stopped an analysis): a thread looks at it every few milliseconds until `done`.
fn watch_play_now(
    playnow: *mut c_int,
    control: Arc<Control>,
    done: Arc<AtomicBool>,
) -> Option<std::thread::JoinHandle<()>> {
    if playnow.is_null() {
        return None;
    }
    let address = playnow as usize;
    Some(std::thread::spawn(move || {
        while !done.load(Ordering::Relaxed) {
            // SAFETY: `playnow` is a global of CheckerBoard's, valid as long as it runs; it is
            // written by another thread, so it is read as volatile, never cached.
            if unsafe { std::ptr::read_volatile(address as *const c_int) } != 0 {
                control.stop();
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }))
}

/// Everything else CheckerBoard asks or sets: `enginecommand`. Returns 1 when the command
/// was understood.
///
/// # Safety
/// `command` is a NUL-ended string and `reply` a buffer of at least 256 bytes (1024 for
/// `about` and `get movelist`), as CheckerBoard passes them.
#[no_mangle]
pub unsafe extern "system" fn enginecommand(command: *const c_char, reply: *mut c_char) -> c_int {
    if command.is_null() {
        return 0;
    }
    // SAFETY: CheckerBoard's command is a NUL-ended string.
    let text = unsafe { CStr::from_ptr(command) }.to_string_lossy();
    let answer = session().command(&text);
    let long = text.trim_start().starts_with("about") || text.contains("movelist");
    let size = if long {
        LONG_REPLY_BYTES
    } else {
        SHORT_REPLY_BYTES
    };
    // SAFETY: the reply buffer is at least `size` bytes for this command.
    unsafe { write_text(reply, size, &answer.text) };
    c_int::from(answer.handled)
}

/// Whether `color` may move from square `from` to square `to` (the game's numbers) on
/// `board`: CheckerBoard's `islegal`, for the user's moves. Fills the move when it may.
///
/// # Safety
/// The pointers are CheckerBoard's board and move record.
#[no_mangle]
pub unsafe extern "system" fn islegal(
    board: *mut [[c_int; 8]; 8],
    color: c_int,
    from: c_int,
    to: c_int,
    mv: *mut CbMove,
) -> c_int {
    if board.is_null() || from < 1 || to < 1 {
        return 0;
    }
    // SAFETY: CheckerBoard's board, read only.
    let cells: Cells = unsafe { *board };
    match session().legal_move(&cells, color, from as u32, to as u32) {
        Some(record) => {
            if !mv.is_null() {
                // SAFETY: CheckerBoard's move record, valid for writes.
                unsafe { *mv = record };
            }
            1
        }
        None => 0,
    }
}

/// The path of the file this library was loaded from.
#[cfg(windows)]
fn module_file_name() -> Option<String> {
    use windows_sys::Win32::System::LibraryLoader::{
        GetModuleFileNameW, GetModuleHandleExW, GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS,
        GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
    };
    let mut module = std::ptr::null_mut();
    let address = module_file_name as *const () as *const u16;
    // SAFETY: asks which module holds one of this library's own functions; `module` is a
    // valid place for the handle, and no reference is taken (the DLL stays as loaded).
    let found = unsafe {
        GetModuleHandleExW(
            GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
            address,
            &mut module,
        )
    };
    if found == 0 {
        return None;
    }
    let mut path = [0u16; 1024];
    // SAFETY: `path` is writable for its length, which is what the call is told.
    let n = unsafe { GetModuleFileNameW(module, path.as_mut_ptr(), path.len() as u32) } as usize;
    (n > 0 && n < path.len()).then(|| String::from_utf16_lossy(&path[..n]))
}

/// Elsewhere (tests on Linux) the game comes from `DAMIER_CHECKERBOARD_GAME`.
#[cfg(not(windows))]
fn module_file_name() -> Option<String> {
    std::env::var("DAMIER_CHECKERBOARD_GAME").ok()
}
