package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.maestro.common.measure.BodyBytes;
import org.maestro.common.options.MessageSize;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.ParameterTable;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.RunFiles;
import org.maestro.reporter.read.PeerDirectory;

/**
 * The parameters of a test iteration as its peers used them: each peer's test.properties completed with the defaults
 * of what it did not record, without what the page shows elsewhere; a parameter the peers used with different values
 * lists them all, joined by {@code " | "}.
 */
public final class TestParameters {

    private TestParameters() {}

    /** The parameters of the peers, by name; senders' values first, then receivers', inspectors' and agents'. */
    public static Map<String, String> of(List<PeerDirectory> peers) {
        Map<String, Set<String>> values = new TreeMap<>();
        List<PeerDirectory> ordered = new ArrayList<>(peers);
        ordered.sort((a, b) -> Integer.compare(a.role().ordinal(), b.role().ordinal()));
        for (PeerDirectory peer : ordered) {
            if (peer.testProperties().isEmpty()) {
                continue;
            }
            // as the peer used them: defaults of what it did not record, its URLs as senders and receivers used them
            ParameterTable.complete(peer.testProperties()).forEach((key, value) -> {
                if (isParameter(key)) {
                    values.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(value);
                }
            });
        }
        Map<String, String> parameters = new TreeMap<>();
        values.forEach((key, set) -> parameters.put(key, String.join(" | ", set)));
        return parameters;
    }

    /**
     * The message size all senders used (MESSAGE_SIZE, {@code ~} taken at its nominal size; the peers' default when no
     * peer lists it); null when the peers used several.
     */
    public static Integer messageBytes(Map<String, String> parameters) {
        String size = parameters.get("MESSAGE_SIZE");
        if (size == null) {
            return TestOptions.DEFAULTS.messageSize().bytes();
        }
        if (size.contains("|")) {
            return null;
        }
        try {
            return MessageSize.parse(size.trim()).bytes();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Test parameters are the peers' test.properties without what the page shows elsewhere (the run id too, and the
     * per-peer FLOW and CONNECTION_OFFSET: the flows have a section of their own).
     */
    private static boolean isParameter(String key) {
        return !key.startsWith("peer.")
                && !BodyBytes.isProperty(key)
                && !key.startsWith("test.")
                && !key.equals("warmup.end")
                && !key.equals(RunFiles.RUN_ID_KEY)
                && !key.equals(OptionCode.FLOW.parameter())
                && !key.equals(OptionCode.CONNECTION_OFFSET.parameter());
    }
}
