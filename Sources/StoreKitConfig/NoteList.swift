/// Notes about a file, each said once however often its cause repeats.
struct NoteList {
  private(set) var notes: [String] = []
  private var said: Set<String> = []

  mutating func add(_ note: String) {
    if said.insert(note).inserted { notes.append(note) }
  }

  /// Notes the keys of an object the digest does not know, by path without indices
  /// (`products[].performanceData`), so a key repeated on every product is said once.
  mutating func unknownKeys(of node: JSONNode, known: Set<String>) {
    let where_ = Self.withoutIndices(node.path)
    for key in node.keys where !known.contains(key) {
      add("ignored unknown key " + (where_.isEmpty ? key : where_ + "." + key))
    }
  }

  static func withoutIndices(_ path: String) -> String {
    var out = ""
    var inIndex = false
    for character in path {
      if character == "[" {
        inIndex = true
        out += "[]"
      } else if character == "]" {
        inIndex = false
      } else if !inIndex {
        out.append(character)
      }
    }
    return out
  }
}
