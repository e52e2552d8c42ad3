/*
 * MatrixExample
 *
 * Answers: how do throughput, response time and loss change with the rate and the message size, and how much do
 * they vary between like runs? A small study: 2 rates × 2 message sizes, each cell run twice (8 runs of 3 s after a
 * 1 s warm-up), in a minute or two embedded. Its report is results/matrix-example/study.html: a table of the cells
 * with the mean and 95% confidence interval of each figure, throughput and response time against the offered load,
 * a heat map of the lost percentage and the spread of the throughput over the repeats.
 *
 * Runs go in rounds: every cell once (the last dimension varying fastest), then every cell again. Stopped early
 * (Ctrl-C, a failure), it is continued with the same command and --resume: the finished runs are skipped.
 *
 * Parameters (environment variables). RATE and MESSAGE_SIZE are dimensions of the study and are refused when set;
 * the knobs below replace them:
 *   SEND_RECEIVE_URL   AMQP URL with address; default: the embedded Artemis SUT, test.queue
 *   STUDY_RATES        msg/s per connection, comma-separated              (default 100,400)
 *   STUDY_SIZES        bytes, comma-separated                             (default 256,2048)
 *   STUDY_REPEATS      runs of each cell                                  (default 2)
 *   TEST_DURATION      measured time of each run                          (default 3s)
 *   WARM_UP            warm-up of each run                                (default 1s)
 *
 * Run:  maestro-cli run test-scripts/studies/MatrixExample.groovy
 *       maestro-cli run test-scripts/studies/MatrixExample.groovy --resume     # go on after Ctrl-C
 */
List<Integer> rates = maestro.env("STUDY_RATES", "100,400").split(",").collect { it.trim() as int }
List<Integer> sizes = maestro.env("STUDY_SIZES", "256,2048").split(",").collect { it.trim() as int }
int repeats = maestro.env("STUDY_REPEATS", 2)

def study = maestro.matrix {
    name "matrix-example"
    rate rates
    messageSize sizes
    repeat repeats
    heatMap "rate", "messageSize"
    test { cell ->
        parallelCount 1
        duration "3s"
        warmUp "1s"
        maximumLatency 0
    }
}

println "${study}; report: ${study.directory.resolve('study.html')}"
