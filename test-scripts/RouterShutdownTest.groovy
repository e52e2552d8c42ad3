/*
 * RouterShutdownTest
 *
 * The seed's shutdown experiment (thesis table 6.7: router2 of a 3-router line down for 10, 60 and 120 s lost
 * 2.94, 11.62 and 12.25%): RouterRestartTest.groovy with the middle router stopped for DOWN seconds (default 10)
 * and then started again. Every parameter of RouterRestartTest applies.
 *
 * Run:  DOWN=10 TEST_DURATION=60s maestro-cli run test-scripts/RouterShutdownTest.groovy
 */
binding.setVariable("routerAction", "stop")
if (System.getenv("DOWN") == null) {
    binding.setVariable("defaultDown", 10)
}
evaluate(new File(scriptDir, "RouterRestartTest.groovy"))
