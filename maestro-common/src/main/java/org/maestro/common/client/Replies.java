package org.maestro.common.client;

import java.util.List;
import java.util.stream.Collectors;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;

/** The replies collected for one request, and whether as many came as were expected. */
public record Replies(Note request, List<Note> notes, int expected) {
    public Replies {
        notes = List.copyOf(notes);
    }

    /** True when at least the expected number of replies arrived (always true when none was expected). */
    public boolean complete() {
        return expected <= 0 || notes.size() >= expected;
    }

    /** The replies that are errors (INTERNAL_ERROR or PROTOCOL_ERROR). */
    public List<Note> errors() {
        return notes.stream()
                .filter(n -> n.command() == Command.INTERNAL_ERROR || n.command() == Command.PROTOCOL_ERROR)
                .toList();
    }

    /** True when every reply is a success and as many came as were expected. */
    public boolean allOk() {
        return complete() && errors().isEmpty();
    }

    /** One line per error reply: peer and message, for an error text. */
    public String describeErrors() {
        return errors().stream()
                .map(n -> n.sender().qualifiedName() + ": " + text(n.payload()))
                .collect(Collectors.joining("; "));
    }

    private static String text(Payload payload) {
        if (payload instanceof Payload.Error error) {
            return error.message();
        } else if (payload instanceof Payload.Text text) {
            return text.text();
        }
        return payload.toString();
    }
}
