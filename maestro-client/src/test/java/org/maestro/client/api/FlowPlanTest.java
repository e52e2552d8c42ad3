package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;

/** The checks of a test's flows: each bad input refused with exit code 2, naming the flow and the parameter. */
class FlowPlanTest {
    private static final String ORDERS = "amqp://broker.example:5672/orders";
    private static final String AUDIT = "amqp://broker.example:5672/audit";

    private static FlowPlan plan(TestDefinition definition) {
        return FlowPlan.of(definition, definition.resolve(name -> null));
    }

    private static MaestroException refused(TestDefinition definition) {
        MaestroException e =
                assertThrows(MaestroException.class, () -> plan(definition).checkUrls());
        assertEquals(ExitCode.USAGE, e.exitCode(), e.getMessage());
        return e;
    }

    private static TestDefinition twoFlows() {
        return new TestDefinition()
                .name("orders-audit")
                .duration("20s")
                .rate(10)
                .flow("orders", f -> f.sut(ORDERS).senders(2).receivers(1).rate(500))
                .flow(
                        "audit",
                        f -> f.sut(AUDIT).senders(5).receivers(1).rate(100).messageSize(1024));
    }

    @Test
    void eachFlowRunsWithTheTestsOptionsOverriddenByItsOwn() {
        FlowPlan plan = plan(twoFlows());

        assertTrue(plan.named());
        assertEquals(2, plan.flows().size());
        FlowPlan.Flow audit = plan.flows().get(1);
        assertEquals("audit", audit.name());
        assertEquals(100, audit.options().rate());
        assertEquals(1024, audit.options().messageSize().bytes());
        assertEquals(Duration.ofSeconds(20), audit.options().duration().time(), "the test's duration");
        assertEquals(AUDIT, audit.options().sendUrl().orElseThrow());
        assertEquals(
                Map.of(OptionCode.RATE, "100", OptionCode.MESSAGE_SIZE, "1024", OptionCode.BROKER, AUDIT),
                audit.own(),
                "only what the flow sets itself is set on its peers alone");
        assertEquals(5, audit.senders().count());
    }

    @Test
    void aTestWithoutFlowsIsOneUnnamedFlowOfItsOwnOptions() {
        TestDefinition single = new TestDefinition().sut(ORDERS).rate(7);
        FlowPlan plan = plan(single);

        assertFalse(plan.named());
        assertEquals("", plan.flows().get(0).name());
        assertEquals(7, plan.flows().get(0).options().rate());
        assertTrue(plan.flows().get(0).own().isEmpty());
    }

    @Test
    void aFlowTakesTheTestsUrlWhenItNamesNone() {
        TestDefinition definition = new TestDefinition()
                .sut(ORDERS)
                .flow("a", f -> f.senders(1).receivers(1))
                .flow("b", f -> f.receiveUrl(AUDIT).senders(1).receivers(1));
        FlowPlan plan = plan(definition);

        assertEquals(ORDERS, plan.flows().get(0).own().get(OptionCode.BROKER));
        assertEquals(ORDERS, plan.flows().get(1).options().sendUrl().orElseThrow());
        assertEquals(AUDIT, plan.flows().get(1).options().receiveUrl().orElseThrow());
    }

    @Test
    void thePlannedTimeIsTheLongestFlows() {
        TestDefinition definition = twoFlows();
        TestDefinition longer = definition
                .copy()
                .flow(
                        "long",
                        f -> f.sut(ORDERS)
                                .senders(1)
                                .receivers(1)
                                .duration("1m")
                                .warmUp("5s"));

        assertEquals(Duration.ofSeconds(65), plan(longer).plannedTime());
    }

    /** Refuses the test with exit code 2, in a message holding every fragment. */
    private static void assertRefused(TestDefinition definition, String... fragments) {
        String message = refused(definition).getMessage();
        for (String fragment : fragments) {
            assertTrue(message.contains(fragment), message);
        }
    }

    private static TestDefinition oneFlow(String name, java.util.function.Consumer<FlowDefinition> flow) {
        return new TestDefinition().name("t").flow(name, flow);
    }

    @Test
    void aFlowWithoutSendersIsRefusedNamingItAndAValidValue() {
        assertRefused(oneFlow("orders", f -> f.sut(ORDERS).receivers(1)), "flow 'orders' has 0 senders", "senders 2");
    }

    @Test
    void aFlowWithZeroReceiversIsRefused() {
        assertRefused(
                oneFlow("audit", f -> f.sut(AUDIT).senders(1).receivers(0)),
                "flow 'audit' has 0 receivers",
                "receivers \"receiver-1\"");
    }

    @Test
    void twoFlowsOfOneNameAreRefused() {
        TestDefinition twice = oneFlow("orders", f -> f.sut(ORDERS).senders(1).receivers(1))
                .flow("orders", f -> f.sut(AUDIT).senders(1).receivers(1));
        assertRefused(twice, "two flows are named 'orders' in test 't'", "flow(\"orders-2\")");
    }

    @Test
    void aFlowNameOfAnotherFormIsRefused() {
        assertRefused(
                oneFlow("orders audit", f -> f.sut(ORDERS).senders(1).receivers(1)),
                "flow name 'orders audit' is not valid: FLOW",
                "flow(\"orders\")");
    }

    @Test
    void aFlowWithoutAnyUrlIsRefusedWhenTheTestHasNone() {
        TestDefinition definition = oneFlow(
                        "orders", f -> f.sut(ORDERS).senders(1).receivers(1))
                .flow("audit", f -> f.senders(1).receivers(1));
        assertRefused(definition, "flow 'audit' names no SUT", "sut \"amqp://host:5672/audit\"");
    }

    @Test
    void aSelectorNoPeerCouldMatchIsRefused() {
        assertRefused(
                oneFlow("orders", f -> f.sut(ORDERS).senders("sender 1").receivers(1)),
                "flow 'orders': senders 'sender 1' is not a peer name or host",
                "e.g. sender-1");
    }

    @Test
    void aFlowsValueOfAWrongFormIsRefusedNamingTheFlowAndTheParameter() {
        assertRefused(
                oneFlow("orders", f -> f.sut(ORDERS).senders(1).receivers(1).messageSize("big")),
                "flow 'orders': MESSAGE_SIZE=big is not valid: expected");
    }

    @Test
    void aFlowMayNotSetWhatTheClientSetsPerPeer() {
        assertRefused(
                oneFlow("orders", f -> f.sut(ORDERS).senders(1).receivers(1).option("CONNECTION_OFFSET", 3)),
                "flow 'orders' sets CONNECTION_OFFSET");
    }

    @Test
    void aFlowsUrlIsCheckedByTheDrivers() {
        assertRefused(
                oneFlow(
                        "orders",
                        f -> f.sut("nosuch://broker.example:1/q").senders(1).receivers(1)),
                "flow 'orders': SEND_RECEIVE_URL");
    }

    @Test
    void theFlowOptionTakesNamesOfTheFlowForm() {
        OptionCode.FLOW.validate("orders.eu-1_a");
        assertThrows(IllegalArgumentException.class, () -> OptionCode.FLOW.validate("a b"));
        assertThrows(IllegalArgumentException.class, () -> OptionCode.FLOW.validate("x".repeat(65)));
        assertThrows(IllegalArgumentException.class, () -> OptionCode.CONNECTION_OFFSET.validate("-1"));
        assertEquals(
                4, TestOptions.DEFAULTS.with(OptionCode.CONNECTION_OFFSET, "4").connectionOffset());
        assertEquals(0, TestOptions.DEFAULTS.connectionOffset());
        assertEquals("", TestOptions.DEFAULTS.flow());
    }
}
