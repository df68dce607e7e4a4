-- wrk script for benchmarks/run-history: GET one page of Get Transaction History (v2), the
-- customer's first 20 signed transactions, per request. EPSIM_PATH is the path to ask for
-- (the baseline run points it at the report endpoint's unknown-report lookup instead).
wrk.method = "GET"
wrk.path = os.getenv("EPSIM_PATH")
wrk.headers["Authorization"] = "Bearer " .. os.getenv("EPSIM_JWT")

-- EPSIM_DELAY_MS paces each connection: it waits that long before each request, so 64
-- connections ask at a chosen rate instead of as fast as the server answers (wrk leaves the
-- wait out of the latency it reports).
local pause = tonumber(os.getenv("EPSIM_DELAY_MS") or "0")
function delay()
  return pause
end
