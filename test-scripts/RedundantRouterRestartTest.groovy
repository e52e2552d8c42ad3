/*
 * RedundantRouterRestartTest
 *
 * Answers: with a second, costlier path between the first and the last router, how much does a restart of the
 * middle router still cost? (For scale: in a published study of Qpid Dispatch router topologies, 0.18–0.29% was
 * lost where the plain line lost 0.53%.) router1 → router2 → router3, plus router1 → router4 → router3 at a higher cost; the agent kills router2
 * and starts it again; the traffic moves to router4 within a fraction of a second and back once router2 is up.
 * The inspector watches router4, so the report shows its transit deliveries rise at the agent's band.
 *
 * Parameters (environment variables): those of RouterRestartTest.groovy; TOPOLOGY defaults to
 * topologies/redundant-router.yaml and INSPECT_NODE to router4 here.
 *
 * Run:  maestro-cli run test-scripts/RedundantRouterRestartTest.groovy
 */
binding.setVariable("defaultTopology", "redundant-router")
binding.setVariable("defaultInspected", "router4")
evaluate(new File(scriptDir, "RouterRestartTest.groovy"))
