package org.maestro.agent.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How an agent command line is split into a program and its arguments, without a shell. */
class ParsedCommandTest {

    @Test
    void splitsNameAndArgumentsOnBlanks() {
        ParsedCommand command = ParsedCommand.parse("  netem   delay 200ms\t30s ");
        assertEquals("netem", command.name());
        assertEquals(List.of("delay", "200ms", "30s"), command.args());
        assertEquals("  netem   delay 200ms\t30s ", command.text());
    }

    @Test
    void keepsQuotedWordsTogetherWithoutExpandingAnything() {
        ParsedCommand command = ParsedCommand.parse("run 'a b' \"c \\\"d\\\" $HOME\" e\\ f `x` ';' '|' $(id)");
        assertEquals(List.of("a b", "c \"d\" $HOME", "e f", "`x`", ";", "|", "$(id)"), command.args());
    }

    @Test
    void joinsAdjacentQuotedAndPlainParts() {
        assertEquals(
                List.of("--dev=my lo"), ParsedCommand.parse("x --dev='my lo'").args());
        assertEquals(List.of(""), ParsedCommand.parse("x ''").args());
    }

    @Test
    void rejectsAnUnclosedQuoteSayingWhere() {
        IllegalArgumentException error =
                assertThrows(IllegalArgumentException.class, () -> ParsedCommand.parse("restart 'router"));
        assertTrue(error.getMessage().contains("unclosed ' quote at character 9"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ParsedCommand.parse("restart \"router"));
    }

    @Test
    void rejectsAnEmptyCommand() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ParsedCommand.parse("  "));
        assertTrue(error.getMessage().contains("empty"), error.getMessage());
    }
}
