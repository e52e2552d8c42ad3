/*
 * IncrementalTest
 *
 * Answers: what is the highest message rate the system under test sustains, and with how many connections?
 * (For scale: a published study of Qpid Dispatch router topologies found 30,000 msg/s for a single broker and
 * 90,000 for a single router, on its own hardware.)
 *
 * It runs maestro.findMaxRate: short fixed-rate steps, each an iteration of the test "incremental" with its own
 * report. The rate per connection doubles (RATE_GROWTH) from INITIAL_RATE on INITIAL_PARALLEL_COUNT connections
 * until a step fails or CEILING_RATE passed; the gap between the highest passing and the lowest failing rate is
 * then halved until it is within RESOLUTION percent; then, at the rate found, the connections rise by
 * PARALLEL_COUNT_STEP until a step fails or MAX_PARALLEL_COUNT passed. MAX_STEPS ends the search early. A step
 * fails when the test fails (p90 response time above MAXIMUM_LATENCY, a peer error), a message is lost, an error
 * is counted, or the receivers take in less than ACHIEVED_PERCENT of the target rate during the measured part; a
 * failing step is run again (STEP_RETRIES) and fails only when every attempt failed, so that one stall of a busy
 * machine does not end the search. The answer is the highest total rate of a passing step ("maximum sustainable
 * rate N msg/s at C connections; F msg/s failed, G% above"); the script fails only when no step passed.
 *
 * Rates are per connection; the total is rate × connections × sender peers (one in embedded mode).
 *
 * Parameters (environment variables). RATE and PARALLEL_COUNT would override every step, so the search has knobs
 * of its own and refuses to run when those two are set;
 * TEST_DURATION and WARM_UP, when set, replace STEP_DURATION and STEP_WARM_UP for every step.
 *   SEND_RECEIVE_URL        AMQP URL with address; default: the embedded Artemis SUT, test.queue
 *   MESSAGE_SIZE            bytes, "~256" varies ±5%                       (default 256)
 *   INITIAL_RATE            msg/s per connection of the first step           (default 1000)
 *   RATE_GROWTH             factor of the rate while every step passes       (default 2)
 *   CEILING_RATE            the highest rate per connection                  (default 100000)
 *   RESOLUTION              percent: stop once failing ≤ passing + this      (default 5)
 *   MAX_STEPS               the most steps, retries of a step not counted    (default 20)
 *   INITIAL_PARALLEL_COUNT  connections per sender/receiver peer at first    (default 1)
 *   PARALLEL_COUNT_STEP     connections added at each step after the rate    (default 1)
 *   MAX_PARALLEL_COUNT      the most connections                             (default 5)
 *   STEP_DURATION           measured time of one step                        (default 10s)
 *   STEP_WARM_UP            warm-up of a step (twice until one passed)       (default 3s)
 *   MAXIMUM_LATENCY         ms, p90 of response time (FCL)                   (default 500)
 *   ACHIEVED_PERCENT        least share of the target rate to receive        (default 95)
 *   STEP_RETRIES            attempts more before a step counts as failed     (default 1)
 *
 * Run:  maestro-cli run test-scripts/IncrementalTest.groovy
 *       INITIAL_RATE=2000 CEILING_RATE=50000 RESOLUTION=2 MAX_PARALLEL_COUNT=10 STEP_DURATION=2m \
 *       SEND_RECEIVE_URL=amqp://sut:5672/test.queue \
 *       maestro-cli run test-scripts/IncrementalTest.groovy --maestro-url mqtt://broker:1883
 */
def answer = maestro.findMaxRate {
    name "incremental"
    ceilingRate 100000
    maxParallelCount 5
}
maestro.verdict(answer.found, answer.summary())
