/*
 * FairIncrementalTest
 *
 * Answers: what is the highest *combined* message rate the system under test sustains, and does it still hold
 * when that load is spread over more connections? Unlike IncrementalTest, the rates here are totals: each step's
 * combined target is split evenly over the connections (rate per connection = total / connections), so adding
 * connections does not add load, and a drop at more connections points at per-connection costs of the SUT.
 *
 * It runs maestro.findMaxRate in fair mode: the combined rate doubles (RATE_GROWTH) from INITIAL_RATE on
 * INITIAL_PARALLEL_COUNT connections until a step fails or CEILING_RATE passed, the gap to the lowest failing rate
 * is halved down to RESOLUTION percent, then, at the highest combined rate that passed, the connections rise by
 * PARALLEL_COUNT_STEP until a step fails or MAX_PARALLEL_COUNT passed. A step fails when the test fails, a
 * message is lost, an error is counted, or less than ACHIEVED_PERCENT of the target is received, in every attempt
 * (STEP_RETRIES). It reports the highest passing combined rate with the most connections it passed on, and fails
 * only when no step passed. The steps are the iterations of the test "fair-incremental".
 *
 * Rates are combined per sender peer (one in embedded mode; with S sender peers the SUT sees S times as much).
 *
 * Parameters (environment variables; RATE and PARALLEL_COUNT must not be set, as they would override every step;
 * TEST_DURATION and WARM_UP, when set, replace STEP_DURATION and STEP_WARM_UP):
 *   SEND_RECEIVE_URL        AMQP URL with address; default: the embedded Artemis SUT, test.queue
 *   MESSAGE_SIZE            bytes                                            (default 256)
 *   INITIAL_RATE            combined msg/s of the first step                 (default 1000)
 *   RATE_GROWTH             factor of the rate while every step passes       (default 2)
 *   CEILING_RATE            the highest combined rate                        (default 100000)
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
 * Run:  maestro-cli run test-scripts/FairIncrementalTest.groovy
 *       CEILING_RATE=60000 MAX_PARALLEL_COUNT=50 PARALLEL_COUNT_STEP=5 \
 *       maestro-cli run test-scripts/FairIncrementalTest.groovy --maestro-url mqtt://broker:1883
 */
def answer = maestro.findMaxRate {
    name "fair-incremental"
    fair true
    ceilingRate 100000
    maxParallelCount 5
}
maestro.verdict(answer.found, answer.summary())
