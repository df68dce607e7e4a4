import FileOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SampleTokens {
  /// Writes every file into `directory` (created when missing), all or nothing: every file is
  /// written and flushed beside its target first, and only then are they renamed into place,
  /// so a failure part way leaves the directory as it was. Returns the number of files written.
  @discardableResult
  public static func write(to directory: String) throws(FixtureError) -> Int {
    let files = try files()
    var status = stat()
    let existed = stat(directory, &status) == 0
    if existed && status.st_mode & S_IFMT != S_IFDIR {
      throw .output(path: directory, message: "it is a file, not a directory")
    }
    if !existed && mkdir(directory, 0o755) != 0 {
      throw .output(path: directory, message: String(cString: strerror(errno)))
    }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    var staged: [AtomicFile] = []
    do throws(FixtureError) {
      // rename(2) cannot replace a directory; found now, it fails the write before any change.
      for file in files where stat(prefix + file.name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
        throw FixtureError.output(path: prefix + file.name, message: "a directory is in the way")
      }
      for file in files {
        // A file that fails removes its own temporary file; the finished ones are removed below.
        do throws(FileOutputError) {
          var output = try AtomicFile(path: prefix + file.name)
          try output.write(Array(file.contents.utf8))
          try output.finish()
          staged.append(output)
        } catch {
          throw FixtureError(error)
        }
      }
    } catch {
      for index in staged.indices { staged[index].discard() }
      if !existed { rmdir(directory) }
      throw error
    }
    for (index, file) in staged.enumerated() {
      do throws(FileOutputError) {
        try file.publish()
      } catch {
        for later in staged.indices.dropFirst(index + 1) { staged[later].discard() }
        throw FixtureError(error)
      }
    }
    return staged.count
  }
}
