import TextFrame

extension TUIState {
  /// `before + name + after` in at most `width` columns: the name (a customer or device id, as
  /// long as a user makes it) loses its end, marked with an ellipsis, so that the count or state
  /// after it stays whole and apart from it. A name never runs into the number beside it.
  func fitted(_ name: String, before: String = "", after: String = "", width: Int) -> String {
    let room = width - DisplayWidth.of(before) - DisplayWidth.of(after)
    return before + DisplayWidth.truncated(name, toWidth: max(1, room), ellipsis: lineStyle.ellipsis) + after
  }

  /// A pane title that names someone and ends in a count: "Tokens of alice (3)". A long name is
  /// shortened so the count keeps its place inside the border (`Frame.box` cuts a title's end).
  func paneTitle(_ lead: String, name: String, count: Int, width: Int) -> String {
    // The box keeps a corner, a dash and a space at each end of its title.
    fitted(name, before: lead, after: " (\(count))", width: width - 6)
  }
}
