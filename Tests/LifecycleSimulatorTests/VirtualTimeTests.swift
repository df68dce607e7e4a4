import LifecycleSimulator
import Testing

@Suite("Virtual time")
struct VirtualTimeTests {
  @Test func namedDurationsAreMilliseconds() {
    #expect(Milliseconds.hour == 3_600_000)
    #expect(Milliseconds.day == 86_400_000)
  }
}
