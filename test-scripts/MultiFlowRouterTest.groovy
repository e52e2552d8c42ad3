/*
 * MultiFlowRouterTest
 *
 * Answers: the question of MultiFlowTest.groovy (two flows, the first fed by two senders, the second by five) across
 * a line of three routers: each flow's senders connect to router1 and its receiver to router3, with the addresses
 * closest/multi-flow-first and closest/multi-flow-second, so both streams share the routers and their links. The
 * script starts the topology on this machine (qdrouterd from the PATH, or QDROUTERD=/path/to/qdrouterd), has every
 * router inspected and stops the routers at its end.
 *
 * It needs 7 sender and 2 receiver peers, as MultiFlowTest.groovy does.
 *
 * Parameters (environment variables): those of MultiFlowTest.groovy, with TOPOLOGY defaulting to
 * topologies/line-3-routers.yaml beside this script, and
 *   QDROUTERD        the router executable when it is not on the PATH
 *
 * Run:  maestro-cli run test-scripts/MultiFlowRouterTest.groovy --maestro-url mqtt://control-broker:1883
 */
binding.setVariable("defaultTopology", "line-3-routers")
evaluate(new File(scriptDir, "MultiFlowTest.groovy"))
