package org.maestro.common.protocol;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** One sample note of every payload layout, with fixed ids, as documented in docs/protocol.md. */
public final class SampleNotes {
    public static final PeerInfo PEER = new PeerInfo("p1", "sender-1", "host-a", "sender");

    private SampleNotes() {}

    /** The samples by name; the names are the headings of the vectors in docs/protocol.md. */
    public static Map<String, Note> all() {
        Map<String, Note> notes = new LinkedHashMap<>();
        NoteHeader request = new NoteHeader("c1", "m1", null);
        NoteHeader reply = new NoteHeader("c1", "m2", PEER);
        notes.put(
                "START_SENDER request",
                new Note(NoteType.REQUEST, Command.START_SENDER, request, Payload.Empty.INSTANCE));
        notes.put(
                "START_INSPECTOR request",
                new Note(NoteType.REQUEST, Command.START_INSPECTOR, request, new Payload.Text("artemis")));
        notes.put("SET request", new Note(NoteType.REQUEST, Command.SET, request, new Payload.SetOption(6, "1000")));
        notes.put("RESET request", new Note(NoteType.REQUEST, Command.RESET, request, Payload.Empty.INSTANCE));
        notes.put(
                "PING request",
                new Note(NoteType.REQUEST, Command.PING, request, new Payload.Ping(1732262400L, 123456L)));
        notes.put(
                "AGENT_SOURCE request",
                new Note(
                        NoteType.REQUEST,
                        Command.AGENT_SOURCE,
                        request,
                        new Payload.AgentSource("https://git.example/handlers.git", "main")));
        notes.put(
                "USER_COMMAND_1 request",
                new Note(NoteType.REQUEST, Command.USER_COMMAND_1, request, new Payload.Text("restart 10")));
        notes.put("DRAIN request", new Note(NoteType.REQUEST, Command.DRAIN, request, DrainMode.HOLD.payload()));
        notes.put("OK response", new Note(NoteType.RESPONSE, Command.OK, reply, Payload.Empty.INSTANCE));
        notes.put(
                "PING response",
                new Note(NoteType.RESPONSE, Command.PING, reply, new Payload.PingReply(1732262400L, 123456L, 250L)));
        notes.put(
                "STATS response",
                new Note(
                        NoteType.RESPONSE,
                        Command.STATS,
                        reply,
                        new Payload.Stats("sender", 1732262400000L, 5000L, 999.5, 1200L, 0L)));
        notes.put(
                "STATS response of a receiver",
                new Note(
                        NoteType.RESPONSE,
                        Command.STATS,
                        reply,
                        new Payload.Stats("receiver", 1732262400000L, 4990L, 998.0, 1300L, 0L, 800L, 2100L, false)
                                .withConsumed(5020L)));
        notes.put(
                "INTERNAL_ERROR response",
                new Note(
                        NoteType.RESPONSE,
                        Command.INTERNAL_ERROR,
                        reply,
                        new Payload.Error(1, "MESSAGE_SIZE=abc is not valid")));
        notes.put(
                "PROTOCOL_ERROR response",
                new Note(NoteType.RESPONSE, Command.PROTOCOL_ERROR, reply, new Payload.Text("cannot decode the note")));
        notes.put(
                "GET response",
                new Note(
                        NoteType.RESPONSE,
                        Command.GET,
                        reply,
                        new Payload.Notice("sender-1@host-a", Map.of("role", "sender", "busy", "false"))));
        notes.put(
                "NOTIFY_SUCCESS notification",
                new Note(
                        NoteType.NOTIFICATION,
                        Command.NOTIFY_SUCCESS,
                        reply,
                        new Payload.Notice("p90 1.2 ms <= 500 ms", Map.of("received", "1000"))));
        notes.put(
                "ABNORMAL_DISCONNECT notification",
                new Note(NoteType.NOTIFICATION, Command.ABNORMAL_DISCONNECT, reply, Payload.Empty.INSTANCE));
        notes.put(
                "LOG data",
                new Note(
                        NoteType.DATA,
                        Command.LOG,
                        reply,
                        new Payload.Chunk(
                                "rate.csv",
                                0,
                                1,
                                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                                "abc".getBytes(StandardCharsets.UTF_8),
                                3)));
        return notes;
    }
}
