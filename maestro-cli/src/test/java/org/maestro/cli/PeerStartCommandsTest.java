package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.client.api.PeerStartCommands;
import org.maestro.common.protocol.Role;
import org.maestro.common.transport.MqttEndpoint;
import picocli.CommandLine;

/** The commands offered for missing peers: whole, accepted by maestro-cli as printed, and without a password. */
class PeerStartCommandsTest {
    @Test
    void eachRoleGetsACommandThatMaestroCliAccepts() {
        CommandLine cli = MaestroCli.commandLine();
        for (Role role : List.of(Role.SENDER, Role.RECEIVER, Role.INSPECTOR, Role.AGENT)) {
            String command = PeerStartCommands.command(role, "mqtt://127.0.0.1:1883");
            String[] words = command.split(" ");
            assertEquals("maestro-cli", words[0]);
            // parsing fails with picocli's message on an unknown option or a missing required one (--role)
            cli.parseArgs(List.of(words).subList(1, words.length).toArray(String[]::new));
        }
        assertEquals(
                "maestro-cli worker --role receiver --maestro-url mqtt://127.0.0.1:1883",
                PeerStartCommands.command(Role.RECEIVER, "mqtt://127.0.0.1:1883"));
    }

    @Test
    void aPasswordIsLeftToTheEnvironmentVariableNotPrintedNorStarred() {
        String printed = String.valueOf(MqttEndpoint.parse("mqtts://lab:s3cret@broker.lab:8883"));
        assertEquals(
                "'maestro-cli worker --role sender --maestro-url mqtts://lab@broker.lab:8883' and "
                        + "'maestro-cli inspector --maestro-url mqtts://lab@broker.lab:8883' (with the broker's "
                        + "password in MAESTRO_BROKER_PASSWORD)",
                PeerStartCommands.quoted(List.of(Role.SENDER, Role.INSPECTOR), printed));
        assertEquals(
                "'maestro-cli worker --role sender --maestro-url mqtt://h:1', "
                        + "'maestro-cli worker --role receiver --maestro-url mqtt://h:1' and "
                        + "'maestro-cli agent --maestro-url mqtt://h:1'",
                PeerStartCommands.quoted(List.of(Role.SENDER, Role.RECEIVER, Role.AGENT), "mqtt://h:1"));
    }
}
