-- Random 1 MiB ranges of one file (RANGE_FILE_SIZE bytes); prints a JSON summary line.
local size = tonumber(os.getenv("RANGE_FILE_SIZE"))
local chunk = 1048576
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("seed", threads)
end

function init(args)
  math.randomseed(os.time() * 100 + tonumber(seed))
end

function request()
  local first = math.random(0, size - chunk)
  return wrk.format("GET", nil, { ["Range"] = "bytes=" .. first .. "-" .. (first + chunk - 1) })
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"bytes":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.bytes, summary.duration, e.connect, e.read, e.write, e.status,
    e.timeout, latency:percentile(50), latency:percentile(99)))
end
