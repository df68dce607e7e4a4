import CNCurses
import Glibc
import TextFrame

/// The curses side of one session: starting and ending full-screen mode, writing frames,
/// reading input. Everything that calls curses lives here.
final class CursesScreen {
  /// What one wait for input produced.
  enum Input {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// A timeout, an interruption, or a key epsim does not use.
    case nothing
  }

  let capabilities: TerminalCapabilities
  private let screen: OpaquePointer
  private var colorPairs: ColorPairs
  private let hasDefaultColors: Bool
  private var previous: Frame?

  /// Starts full-screen mode on standard input and output.
  init(environment: [String: String]) throws {
    // newterm rather than initscr: initscr exits the process when TERM is unknown.
    guard let screen = newterm(nil, epsim_stdout(), epsim_stdin()) else {
      throw TerminalSessionError.unknownTerminal(environment["TERM"] ?? "(unset)")
    }
    set_term(screen)
    // A terminal without cursor addressing (TERM=dumb, emacs' shell) would get every frame as
    // one long scrolling line; curses cannot draw a screen there, so say so and stop.
    guard let move = tigetstr("cup"), epsim_is_absent_capability(move) == 0 else {
      endwin()
      delscreen(screen)
      throw TerminalSessionError.cannotMoveCursor(environment["TERM"] ?? "(unset)")
    }
    self.screen = screen
    cbreak()
    noecho()
    nonl()
    keypad(epsim_stdscr(), true)
    curs_set(0)
    // Esc on its own must feel instant; escape sequences from a terminal arrive well within this.
    set_escdelay(25)
    capabilities = TerminalCapabilities.detect(
      environment: environment, codeset: String(cString: nl_langinfo(nl_item(CODESET))),
      terminalHasColors: has_colors())
    if capabilities.hasColor {
      start_color()
      hasDefaultColors = use_default_colors() == OK
    } else {
      hasDefaultColors = false
    }
    colorPairs = ColorPairs(limit: capabilities.hasColor ? Int(epsim_color_pair_count()) : 0)
  }

  /// Makes Ctrl-C an ordinary input byte (0x03) rather than SIGINT. Only the interrupt character
  /// changes: Ctrl-Z and Ctrl-\ still signal. curses records the mode as the program's, so it
  /// survives a suspend and resume; `endwin` (and the signal handler) put back the shell's mode.
  func disableInterruptCharacter() {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
    withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
      bytes[Int(VINTR)] = 0  // _POSIX_VDISABLE on Linux
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    def_prog_mode()
  }

  /// Asks the terminal to report first-button presses and the wheel (`TerminalApp.wantsMouse`);
  /// `endwin` and the restore sequence's reset turn the reporting off again.
  func enableMouse() {
    epsim_mouse_on()
    mouseReporting = true
  }

  /// Whether the terminal was asked to report the mouse, which a crash must turn off too.
  private var mouseReporting = false

  /// The terminal's size in columns and rows.
  var size: (width: Int, height: Int) {
    (Int(getmaxx(epsim_stdscr())), Int(getmaxy(epsim_stdscr())))
  }

  /// The terminal's own sequences for leaving full-screen mode (attributes, colours, cursor,
  /// keypad, alternate screen), for the signal handler to write without calling curses.
  var restoreSequence: [UInt8] {
    // Mouse reporting off in every mode curses may have asked for (X10, button, SGR).
    let mouseOff = mouseReporting ? Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8) : []
    return mouseOff
      + ["sgr0", "op", "cnorm", "rmkx", "rmcup"].flatMap { name -> [UInt8] in
        guard let value = tigetstr(name), epsim_is_absent_capability(value) == 0 else { return [] }
        return TerminfoString.withoutPadding(Array(String(cString: value).utf8))
      }
  }

  /// Writes the cells that differ from the previous frame and updates the terminal.
  func draw(_ frame: Frame) {
    let window = epsim_stdscr()
    for change in frame.diff(from: previous) {
      for (offset, cell) in change.cells.enumerated() where !cell.isContinuation {
        put(cell, x: change.x + offset, y: change.y, window: window)
      }
    }
    wnoutrefresh(window)
    doupdate()
    previous = frame
  }

  /// Waits up to `timeout` milliseconds (nil: for ever) for a key or a resize.
  func readInput(timeout: Int?) -> Input {
    let window = epsim_stdscr()
    wtimeout(window, Int32(clamping: timeout ?? -1))
    var character: wint_t = 0
    switch wget_wch(window, &character) {
    case epsim_key_code_yes() where Int32(character) == epsim_key_resize():
      // curses has resized its windows already; draw everything again on a cleared screen.
      previous = nil
      clearok(window, true)
      return .resize(width: size.width, height: size.height)
    case epsim_key_code_yes() where Int32(character) == epsim_key_mouse():
      var (x, y): (Int32, Int32) = (0, 0)
      let kinds: [Int32: MouseEvent.Kind] = [1: .press, 2: .wheelUp, 3: .wheelDown]
      guard let kind = kinds[epsim_read_mouse(&x, &y)] else { return .nothing }
      return .mouse(MouseEvent(kind, x: Int(x), y: Int(y)))
    case epsim_key_code_yes():
      return CursesKeys.key(fromCode: Int32(character)).map(Input.key) ?? .nothing
    case OK:
      return CursesKeys.key(fromCharacter: character).map(Input.key) ?? .nothing
    default:
      return .nothing
    }
  }

  /// Ends full-screen mode and frees curses' memory for this screen.
  func close() {
    endwin()
    delscreen(screen)
  }

  private func put(_ cell: Cell, x: Int, y: Int, window: UnsafeMutablePointer<WINDOW>?) {
    // A cchar_t holds one spacing character and a few combining ones; more cannot be shown.
    var characters = cell.character.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
    characters.append(0)
    var attributes = epsim_attr_normal()
    let style = cell.style
    if style.attributes.contains(.bold) { attributes |= epsim_attr_bold() }
    if style.attributes.contains(.dim) { attributes |= epsim_attr_dim() }
    if style.attributes.contains(.reverse) { attributes |= epsim_attr_reverse() }
    if style.attributes.contains(.underline) { attributes |= epsim_attr_underline() }
    var glyph = cchar_t()
    setcchar(&glyph, characters, attributes, colorPair(for: style), nil)
    // Fails at the bottom-right corner because the cursor cannot move on; the cell is set anyway.
    _ = mvwadd_wch(window, Int32(y), Int32(x), &glyph)
  }

  private func colorPair(for style: Style) -> Int16 {
    guard capabilities.hasColor else { return 0 }
    let pair = colorPairs.pair(foreground: style.foreground, background: style.background)
    if pair.isNew {
      // Without default-colour support, "default" means white on black.
      let foreground = style.foreground == .default && !hasDefaultColors ? Color.white : style.foreground
      let background = style.background == .default && !hasDefaultColors ? Color.black : style.background
      init_pair(pair.number, Int16(foreground.rawValue), Int16(background.rawValue))
    }
    return pair.number
  }
}
