import Testing

@testable import Compose

/// The digest an identity is compared and hashed by first: equal for equal identities however
/// they are made, and different for different ones.
@Suite("Identity digests")
@MainActor
struct IdentityDigestTests {
  private final class OtherViewController: UIViewController {}

  private static let slot = SlotName("rows")

  private static func path(key: Int) -> StructuralPath {
    StructuralPath().appending(.statement(0)).parent.appending(.key(ChildKey(key)))
  }

  @Test("A plain identity equals, and hashes as, the same parts made the general way")
  func plainMatchesGeneral() {
    for key in 0..<50 {
      let plain = ChildIdentity(
        slot: Self.slot, path: Self.path(key: key), controllerType: RowViewController.self)
      let general = ChildIdentity(
        slot: SlotName("rows"), path: Self.path(key: key), controllerType: RowViewController.self,
        explicitID: nil, occurrence: 0)
      #expect(plain.storage.digest == general.storage.digest)
      #expect(plain == general)
      #expect(plain.hashValue == general.hashValue)
    }
  }

  @Test("Identities that differ in one part have different digests")
  func partsChangeTheDigest() {
    var identities: [ChildIdentity] = []
    for key in 0..<200 {
      let path = Self.path(key: key)
      identities.append(
        ChildIdentity(slot: Self.slot, path: path, controllerType: RowViewController.self))
      identities.append(
        ChildIdentity(slot: SlotName("other"), path: path, controllerType: RowViewController.self))
      identities.append(
        ChildIdentity(slot: Self.slot, path: path, controllerType: OtherViewController.self))
      identities.append(
        ChildIdentity(
          slot: Self.slot, path: path, controllerType: RowViewController.self,
          explicitID: ChildKey(key),
          occurrence: 0))
      identities.append(
        ChildIdentity(
          slot: Self.slot, path: path, controllerType: RowViewController.self, explicitID: nil,
          occurrence: 1))
      identities.append(
        ChildIdentity(
          slot: Self.slot, path: path, controllerType: RowViewController.self,
          explicitID: ChildKey("\(key)"), occurrence: 1))
    }
    #expect(Set(identities).count == identities.count)
    // 1,200 different identities: with 32 random bits, a collision or two at most.
    let digests = Set(identities.map(\.storage.digest))
    #expect(digests.count >= identities.count - 2)
  }

  @Test("An explicit id equal across types gives the same digest, as it gives the same identity")
  func explicitIDsEqualAcrossTypes() {
    let path = Self.path(key: 1)
    let int = ChildIdentity(
      slot: Self.slot, path: path, controllerType: RowViewController.self,
      explicitID: ChildKey(7), occurrence: 0)
    let int8 = ChildIdentity(
      slot: Self.slot, path: path, controllerType: RowViewController.self,
      explicitID: ChildKey(Int8(7)), occurrence: 0)
    #expect(int == int8)
    #expect(int.storage.digest == int8.storage.digest)
    #expect(int8.explicitID == AnyHashable(7))
    #expect(int8.explicitID?.base as? Int8 == 7)
  }
}
