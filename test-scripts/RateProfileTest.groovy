/*
 * RateProfileTest
 *
 * Answers: does the system under test follow a load that changes, step by step and along ramps, with the response
 * time (receive − intended send, free of coordinated omission) below MAXIMUM_LATENCY at p90, and without losing a
 * message? The report marks each phase on the rate and latency charts, and summary.json (rateProfile), the report
 * and the table printed at the end give each phase's planned and achieved rate and its p99.
 *
 * Parameters (environment variables of the same name override the values below):
 *   SEND_RECEIVE_URL      the system and address, any driver's URL (docs/drivers.md);
 *                         default: the embedded Artemis SUT, test.queue
 *   RATE_PROFILE          steps "<rate> for <duration>" and ramps "ramp <rate> over <duration>", comma-separated,
 *                         msg/s per connection; the test lasts their total
 *                         (default "200 for 20s, ramp 1000 over 30s, 1000 for 20s, ramp 200 over 10s")
 *   PARALLEL_COUNT        connections per sender/receiver peer    (default 2)
 *   WARM_UP               at the first phase's starting rate, excluded from the results (default 5s)
 *   MESSAGE_SIZE          bytes, "~256" varies ±5%              (default 256)
 *   MAXIMUM_LATENCY       ms                                      (default 500)
 *   MAXIMUM_LOSS          messages the test may lose: a count or "0.5%" (default 0: any loss fails the test)
 *
 * Run:  maestro-cli run test-scripts/RateProfileTest.groovy
 *       RATE_PROFILE="1000 for 1m, ramp 20000 over 5m, 20000 for 2m" maestro-cli run test-scripts/RateProfileTest.groovy
 */
maestro.test {
    name "rate-profile"
    messageSize "256"
    parallelCount 2
    rateProfile "200 for 20s, ramp 1000 over 30s, 1000 for 20s, ramp 200 over 10s"
    warmUp "5s"
    maximumLatency 500
}

