/// Each device's answer of the custom link rules (`customLinkTypesOffered(on:)`), kept between
/// token requests.
///
/// A speed aid, not part of the state: any two notes are equal and hash alike. Every token request
/// asked the payment, entitlement, storefront, key, OS and region rules afresh, which cost as much
/// as the rest of the request (issue 26). An answer holds until the next change to the rules,
/// the app, the accounts or the devices (`epoch`, moved on by each of them): coarse, as an install
/// voids the answers too, but checking that it holds costs a comparison of two numbers.
struct CustomLinkOfferNote: Hashable, Sendable {
  /// One device's answer and the epoch it was made in.
  struct Answer: Sendable {
    var epoch: UInt64
    var offered: CustomLinkTypesOffered
  }

  /// Moved on by every change the answers depend on; answers of an earlier epoch no longer hold.
  /// It starts at 1, so that an answer of epoch 0 is one never made.
  var epoch: UInt64 = 1
  /// By device index.
  var answers: [Answer] = []

  static func == (_: Self, _: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}

extension WorldState {
  /// `customLinkTypesOffered(on: devices[index])`, from the note while it holds; noted when it does not.
  public mutating func customLinkTypesOffered(deviceAt index: Int) -> CustomLinkTypesOffered {
    let epoch = customLinkOfferNote.epoch
    if index < customLinkOfferNote.answers.count, customLinkOfferNote.answers[index].epoch == epoch {
      return customLinkOfferNote.answers[index].offered
    }
    // The device taken out first: passed as `devices[index]`, the call copied the whole world.
    let device = devices[index]
    let offered = customLinkTypesOffered(on: device)
    if customLinkOfferNote.answers.count < devices.count {
      customLinkOfferNote.answers.append(
        contentsOf: repeatElement(
          CustomLinkOfferNote.Answer(epoch: 0, offered: []),
          count: devices.count - customLinkOfferNote.answers.count))
    }
    customLinkOfferNote.answers[index] = CustomLinkOfferNote.Answer(epoch: epoch, offered: offered)
    return offered
  }
}
