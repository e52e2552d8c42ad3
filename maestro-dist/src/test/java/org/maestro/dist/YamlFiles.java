package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Reads YAML files (one or several documents) into Jackson trees, for the checks of compose and Kubernetes files. */
final class YamlFiles {
    private static final YAMLMapper MAPPER = new YAMLMapper();

    private YamlFiles() {}

    /** The single document of a file. */
    static JsonNode read(Path file) throws IOException {
        return MAPPER.readTree(file.toFile());
    }

    /** Every non-empty document of a file, in order. */
    static List<JsonNode> readAll(Path file) throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        try (MappingIterator<JsonNode> iterator =
                MAPPER.readerFor(JsonNode.class).readValues(file.toFile())) {
            while (iterator.hasNext()) {
                JsonNode document = iterator.next();
                if (document != null && !document.isNull() && !document.isEmpty()) {
                    documents.add(document);
                }
            }
        }
        return documents;
    }

    /** The field names of an object node (none for anything else). */
    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        if (node != null && node.isObject()) {
            node.fieldNames().forEachRemaining(names::add);
        }
        return names;
    }

    /** The entries of an object node. */
    static Iterable<Map.Entry<String, JsonNode>> fields(JsonNode node) {
        return () -> node == null || !node.isObject() ? java.util.Collections.emptyIterator() : node.fields();
    }

    /** The texts of an array node, or of a single scalar. */
    static List<String> texts(JsonNode node) {
        List<String> texts = new ArrayList<>();
        if (node == null || node.isNull()) {
            return texts;
        }
        if (node.isArray()) {
            Iterator<JsonNode> elements = node.elements();
            elements.forEachRemaining(e -> texts.add(e.asText()));
        } else {
            texts.add(node.asText());
        }
        return texts;
    }
}
