/*
 * RouterShutdownTest
 *
 * Answers: what does a fixed-rate load across a line of three routers lose when the middle router is shut down
 * for a while and then started again? (For scale: in a published study of Qpid Dispatch router topologies, router2
 * down for 10, 60 and 120 s lost 2.94, 11.62 and 12.25% of the messages.) It is RouterRestartTest.groovy with "stop router2 DOWN --kill".
 *
 * Parameters (environment variables): those of RouterRestartTest.groovy; DOWN defaults to 10 here.
 *
 * Run:  maestro-cli run test-scripts/RouterShutdownTest.groovy
 *       DOWN=60 TEST_DURATION=3m AGENT_AT=30s maestro-cli run test-scripts/RouterShutdownTest.groovy
 */
binding.setVariable("routerAction", "stop")
binding.setVariable("defaultDown", 10)
evaluate(new File(scriptDir, "RouterRestartTest.groovy"))
