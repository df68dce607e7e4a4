import StoreKitConfig

/// `storekit PATH`: the catalog and settings of an Xcode `.storekit` file (docs/storekit.md).
extension ScenarioParser {
  mutating func storekitLine(_ reader: inout LineReader) throws(LineError) -> StoreKitImport {
    let pathWord = try reader.word("the path of a .storekit file, relative to this scenario")
    try reader.end()
    let loaded: StoreKitImport
    do {
      loaded = try StoreKitImport.load(pathWord.text, besideScenario: self.file)
    } catch {
      throw LineError(
        column: pathWord.column, expected: "a readable .storekit file", found: pathWord.text,
        note: error.description)
    }
    for product in loaded.products where products[product.id] != nil {
      throw LineError(
        column: pathWord.column, expected: "a .storekit file whose products are new", found: pathWord.text,
        note: "product \(product.id) is declared already")
    }
    for product in loaded.products { products[product.id] = product }
    return loaded
  }
}
