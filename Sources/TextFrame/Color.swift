/// One of the eight ANSI terminal colours, or the terminal's own default.
///
/// Eight colours work on every colour terminal (tmux's default `screen` entry has no more),
/// and a screen that only uses them looks the same everywhere.
public enum Color: Int, CaseIterable, Hashable, Sendable {
  case `default` = -1
  case black = 0
  case red
  case green
  case yellow
  case blue
  case magenta
  case cyan
  case white
}
