#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SampleTokens {
  /// Writes every file into `directory` (created when missing), each one atomically.
  public static func write(to directory: String) throws(FixtureError) {
    let files = try files()
    if mkdir(directory, 0o755) != 0 && errno != EEXIST {
      throw .output(path: directory, message: String(cString: strerror(errno)))
    }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    for file in files {
      var output = try AtomicFile(path: prefix + file.name)
      do {
        try output.write(Array(file.contents.utf8))
        try output.commit()
      } catch {
        output.discard()
        throw error
      }
    }
  }
}
