-- wrk script for benchmarks/run-history: GET one Get Transaction History page (20 signed
-- transactions) per request, on the sandbox host.
wrk.method = "GET"
wrk.path = "/sandbox/inApps/v2/history/" .. os.getenv("EPSIM_TRANSACTION")
wrk.headers["Authorization"] = "Bearer " .. os.getenv("EPSIM_JWT")

local statuses = {}

response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

done = function(summary, latency, requests)
  io.write(string.format("p50 %.2f ms, p90 %.2f ms, p99 %.2f ms\n", latency:percentile(50) / 1000,
    latency:percentile(90) / 1000, latency:percentile(99) / 1000))
end
