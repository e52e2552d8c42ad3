package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;

/** How answering peers are assigned to flows: selectors first, then counts, in a deterministic order. */
class PeerAssignmentTest {
    private static final String URL = "amqp://broker.example:5672/q";
    private static final String CONTROL = "tcp://control.example:1883";

    private static PeerInfo sender(String name, String host) {
        return new PeerInfo("id-" + name + "-" + host, name, host, "sender");
    }

    private static PeerInfo receiver(String name, String host) {
        return new PeerInfo("id-" + name + "-" + host, name, host, "receiver");
    }

    private static final List<PeerInfo> ANSWERED = List.of(
            sender("sender-c", "lab-1"),
            sender("sender-a", "lab-1"),
            sender("sender-b", "lab-3"),
            sender("sender-d", "lab-3"),
            receiver("receiver-b", "lab-2"),
            receiver("receiver-a", "lab-2"),
            new PeerInfo("i1", "inspector-1", "lab-9", "inspector"));

    private static FlowPlan plan(TestDefinition definition) {
        return FlowPlan.of(definition, definition.resolve(name -> null));
    }

    private static List<String> names(PeerAssignment assignment, String flow, Role role) {
        return assignment.of(flow).stream()
                .filter(m -> m.role() == role)
                .map(m -> m.peer().name() + "+" + m.connectionOffset())
                .toList();
    }

    @Test
    void selectorsTakeTheirPeersFirstThenCountsTakeTheRestInNameOrder() {
        TestDefinition definition = new TestDefinition()
                .sut(URL)
                .parallelCount(3)
                .flow("orders", f -> f.senders(2).receivers(1))
                .flow(
                        "audit",
                        f -> f.senders("lab-3").receivers("receiver-b@lab-2").parallelCount(2));

        PeerAssignment assignment = PeerAssignment.assign(plan(definition), ANSWERED, CONTROL, "t");

        assertEquals(
                List.of("sender-b+0", "sender-d+2"),
                names(assignment, "audit", Role.SENDER),
                "the host selector takes both of lab-3's senders, 2 connections each");
        assertEquals(List.of("receiver-b+0"), names(assignment, "audit", Role.RECEIVER));
        assertEquals(
                List.of("sender-a+0", "sender-c+3"),
                names(assignment, "orders", Role.SENDER),
                "the count takes the free senders in name order, 3 connections each");
        assertEquals(List.of("receiver-a+0"), names(assignment, "orders", Role.RECEIVER));
        assertTrue(assignment.takesPart(ANSWERED.get(6)), "an inspector takes part whatever the flows");
    }

    @Test
    void aPeerNoFlowTookTakesNoPart() {
        TestDefinition definition =
                new TestDefinition().sut(URL).flow("only", f -> f.senders(1).receivers(1));

        PeerAssignment assignment = PeerAssignment.assign(plan(definition), ANSWERED, CONTROL, "t");

        assertEquals(List.of("sender-a+0"), names(assignment, "only", Role.SENDER));
        assertFalse(assignment.takesPart(ANSWERED.get(0)), "sender-c was not taken");
        assertEquals(2, assignment.members().size());
    }

    @Test
    void withoutFlowsEveryLoadPeerTakesPartNumberedOneAfterTheOther() {
        TestDefinition definition = new TestDefinition().sut(URL).parallelCount(2);

        PeerAssignment assignment = PeerAssignment.assign(plan(definition), ANSWERED, CONTROL, "t");

        assertEquals(
                List.of("sender-a+0", "sender-b+2", "sender-c+4", "sender-d+6"), names(assignment, "", Role.SENDER));
        assertEquals(List.of("receiver-a+0", "receiver-b+2"), names(assignment, "", Role.RECEIVER));
    }

    @Test
    void tooFewPeersFailWithTheFlowTheRoleTheCountsAndTheCommand() {
        TestDefinition definition = new TestDefinition()
                .sut(URL)
                .flow("orders", f -> f.senders(3).receivers(1))
                .flow("audit", f -> f.senders(2).receivers(1));

        MaestroException e = assertThrows(
                MaestroException.class,
                () -> PeerAssignment.assign(plan(definition), ANSWERED, CONTROL, "orders-audit"));

        assertEquals(ExitCode.INFRASTRUCTURE, e.exitCode());
        String message = e.getMessage();
        assertTrue(message.contains("test 'orders-audit'"), message);
        assertTrue(
                message.contains("flow 'audit' asks for 2 sender(s) but 4 answered and 1 of them were free"), message);
        assertTrue(message.contains("'maestro-cli worker --role sender --maestro-url " + CONTROL + "'"), message);
        assertFalse(message.contains("flow 'orders' asks"), message);
    }

    @Test
    void aSelectorMatchingNoAnsweringPeerFailsNamingWhoAnswered() {
        TestDefinition definition = new TestDefinition()
                .sut(URL)
                .flow("orders", f -> f.senders("sender-z").receivers(1));

        MaestroException e = assertThrows(
                MaestroException.class, () -> PeerAssignment.assign(plan(definition), ANSWERED, CONTROL, "t"));

        assertEquals(ExitCode.INFRASTRUCTURE, e.exitCode());
        assertTrue(
                e.getMessage()
                        .contains("flow 'orders' asks for the sender 'sender-z', but no answering sender matches it"
                                + " (answered: sender-a@lab-1, sender-b@lab-3, sender-c@lab-1, sender-d@lab-3)"),
                e.getMessage());
    }

    @Test
    void aSelectorWhosePeersAnotherFlowTookFailsNamingThatFlow() {
        TestDefinition definition = new TestDefinition()
                .sut(URL)
                .flow("first", f -> f.senders("lab-1").receivers(1))
                .flow("second", f -> f.senders("sender-a").receivers(1));

        MaestroException e = assertThrows(
                MaestroException.class, () -> PeerAssignment.assign(plan(definition), ANSWERED, CONTROL, "t"));

        assertTrue(e.getMessage().contains("the senders it matches were taken by flow 'first'"), e.getMessage());
    }
}
