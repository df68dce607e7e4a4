// `OSVersion` and the key version table moved to their own module so `epsim lint` can share them;
// re-exporting keeps every client of the engine compiling with `import LifecycleSimulator` alone.
@_exported import ExternalPurchaseAvailability
