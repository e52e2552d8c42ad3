package org.maestro.common.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hex test vectors of docs/protocol.md decode to the documented notes and re-encode byte for byte. */
class ProtocolVectorsTest {
    private static final Pattern VECTOR =
            Pattern.compile("#### (.+?)\\n.*?```hex\\n([0-9a-f\\s]+?)```", Pattern.DOTALL);

    static Map<String, String> documentedVectors() throws Exception {
        Path doc = Path.of("..", "docs", "protocol.md");
        String text = Files.readString(doc);
        Map<String, String> vectors = new LinkedHashMap<>();
        Matcher matcher = VECTOR.matcher(text);
        while (matcher.find()) {
            vectors.put(matcher.group(1).trim(), matcher.group(2).replaceAll("\\s", ""));
        }
        return vectors;
    }

    @Test
    void everySampleNoteHasADocumentedVector() throws Exception {
        assertEquals(SampleNotes.all().keySet(), documentedVectors().keySet());
    }

    @Test
    void documentedVectorsDecodeToTheSampleNotesAndReencodeByteForByte() throws Exception {
        Map<String, Note> samples = SampleNotes.all();
        for (Map.Entry<String, String> vector : documentedVectors().entrySet()) {
            byte[] bytes = HexFormat.of().parseHex(vector.getValue());
            Note decoded = NoteCodec.decode(bytes);
            assertEquals(samples.get(vector.getKey()), decoded, vector.getKey());
            assertEquals(vector.getValue(), HexFormat.of().formatHex(NoteCodec.encode(decoded)), vector.getKey());
        }
    }

    @Test
    void everyCommandRoundTripsInEveryTypeThatCarriesIt() throws Exception {
        PeerInfo peer = SampleNotes.PEER;
        for (Command command : Command.values()) {
            for (NoteType type : NoteType.values()) {
                Payload payload = sampleOf(PayloadKind.of(type, command));
                Note note = new Note(
                        type, command, new NoteHeader("c", "m", type == NoteType.REQUEST ? null : peer), payload);
                assertEquals(note, NoteCodec.decode(NoteCodec.encode(note)), type + " " + command);
            }
        }
        assertTrue(Command.values().length >= 26);
    }

    static Payload sampleOf(PayloadKind kind) {
        return switch (kind) {
            case EMPTY -> Payload.Empty.INSTANCE;
            case TEXT -> new Payload.Text("text ✓");
            case SET_OPTION -> new Payload.SetOption(4, "~256");
            case PING -> new Payload.Ping(1, 2);
            case PING_REPLY -> new Payload.PingReply(1, 2, 3);
            case STATS -> new Payload.Stats("receiver", 4, 5, 6.5, 7, 8);
            case ERROR -> new Payload.Error(9, "bad");
            case NOTICE -> new Payload.Notice("done", Map.of("a", "1", "b", "2"));
            case AGENT_SOURCE -> new Payload.AgentSource("/srv/handlers", "");
            case CHUNK -> new Payload.Chunk("a/b.hlog", 1, 3, "00", new byte[] {1, 2, 3}, 524_291);
            case DRAIN_MODE -> DrainMode.HOLD.payload();
        };
    }

    /** Prints the vectors section of docs/protocol.md. */
    public static void main(String[] args) {
        SampleNotes.all().forEach((name, note) -> {
            String hex = HexFormat.of().formatHex(NoteCodec.encode(note));
            StringBuilder wrapped = new StringBuilder();
            for (int i = 0; i < hex.length(); i += 64) {
                wrapped.append(hex, i, Math.min(hex.length(), i + 64)).append('\n');
            }
            System.out.println("#### " + name + "\n\n`" + note + "`\n\n```hex\n" + wrapped + "```\n");
        });
    }
}
