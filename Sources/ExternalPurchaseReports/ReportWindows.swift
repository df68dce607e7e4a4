import LifecycleSimulator

/// The time limits on line items (SPEC 7). Apple speaks of years; epsim counts a year as 365
/// virtual days so the limits are exact and testable to the millisecond
/// (docs/decisions/0089-a-year-is-365-virtual-days-report-windows-are.md).
public enum ReportWindows {
  public static let year: VirtualDuration = 365 * Milliseconds.day
  /// Line items may be reported for three years after their creation date.
  public static let reportable: VirtualDuration = 3 * year
  /// A refund may be reported for one year after the creation date of the line item it refunds.
  public static let refund: VirtualDuration = year
  /// A line item may be restated for one year after its creation date.
  public static let restatement: VirtualDuration = year
}
