package org.maestro.topology.input;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.maestro.topology.TopologyException;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** Reads YAML input files into plain-data classes, turning every binding error into a {@link TopologyException} naming the line. */
final class YamlFiles {

    private static final Map<Class<?>, String> WHAT = Map.of(
            TopologyDescription.class, "the topology",
            NodeSpec.class, "a node",
            LinkSpec.class, "a link",
            PortBases.class, "'ports'",
            Inventory.class, "the inventory",
            InventoryNode.class, "an inventory node");

    private static final ObjectMapper MAPPER = createMapper();

    private YamlFiles() {}

    static <T> T read(Path file, Class<T> type) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new TopologyException(file.toString(), "file not found; check the path");
        } catch (IOException e) {
            throw new TopologyException(file.toString(), "cannot read the file: " + e.getMessage());
        }
        return read(file.toString(), text, type);
    }

    static <T> T read(String source, String text, Class<T> type) {
        if (text.isBlank()) {
            throw new TopologyException(source, "the file is empty; see docs/topology.md for the format");
        }
        T value;
        try {
            value = MAPPER.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new TopologyException(source, describe(e, text));
        }
        if (value == null) {
            throw new TopologyException(source, "the file is empty; see docs/topology.md for the format");
        }
        return value;
    }

    private static String describe(JsonProcessingException e, String text) {
        String at = e.getLocation() == null ? "" : "line " + e.getLocation().getLineNr() + ": ";
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof MarkedYAMLException yaml && yaml.getProblemMark() != null) {
                String context = yaml.getContext() == null ? "" : yaml.getContext() + ": ";
                return "line " + (yaml.getProblemMark().getLine() + 1) + ": not valid YAML: " + context
                        + yaml.getProblem();
            }
        }
        if (e instanceof UnrecognizedPropertyException unknown) {
            if (e.getLocation() != null) {
                at = "line "
                        + keyLine(
                                text, unknown.getPropertyName(), e.getLocation().getLineNr()) + ": ";
            }
            return at + "'" + unknown.getPropertyName() + "' is not a key of " + what(unknown.getReferringClass())
                    + "; use one of: " + names(unknown.getKnownPropertyIds());
        }
        if (e instanceof InvalidFormatException format) {
            return at + "value '" + format.getValue() + "' of '" + path(format) + "' is not "
                    + kind(format.getTargetType());
        }
        if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            return at + "'" + path(mismatch) + "' must be " + kind(mismatch.getTargetType());
        }
        if (e instanceof JsonParseException) {
            String message = e.getOriginalMessage();
            return at + "not valid YAML: " + message.lines().findFirst().orElse(message);
        }
        return at + e.getOriginalMessage().lines().findFirst().orElse("cannot read the file");
    }

    /** The last line at or before {@code near} where {@code key} is written as a key; {@code near} if none. */
    private static int keyLine(String text, String key, int near) {
        String[] lines = text.split("\r?\n", -1);
        Pattern keyPattern = Pattern.compile("(^|[\\s{,-])" + Pattern.quote(key) + "\\s*:");
        for (int i = Math.min(near, lines.length) - 1; i >= 0; i--) {
            if (keyPattern.matcher(lines[i]).find()) {
                return i + 1;
            }
        }
        return near;
    }

    private static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : e.getPath()) {
            if (reference.getFieldName() != null) {
                if (path.length() > 0) {
                    path.append('.');
                }
                path.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String kind(Class<?> type) {
        if (type == Integer.class || type == int.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a single value";
        }
        if (Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (Map.class.isAssignableFrom(type) || WHAT.containsKey(type)) {
            return "a mapping of keys to values";
        }
        return "a " + type.getSimpleName();
    }

    private static String what(Class<?> type) {
        return WHAT.getOrDefault(type, type == null ? "this item" : type.getSimpleName());
    }

    private static String names(Collection<Object> known) {
        return known.stream().map(Object::toString).collect(Collectors.toCollection(TreeSet::new)).stream()
                .collect(Collectors.joining(", "));
    }

    private static ObjectMapper createMapper() {
        YAMLMapper mapper = new YAMLMapper(new YAMLFactory());
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        mapper.enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY);
        SimpleModule module = new SimpleModule("located-items");
        module.setDeserializerModifier(new BeanDeserializerModifier() {
            @Override
            public JsonDeserializer<?> modifyDeserializer(
                    DeserializationConfig config, BeanDescription description, JsonDeserializer<?> deserializer) {
                if (Located.class.isAssignableFrom(description.getBeanClass())) {
                    return new LocatingDeserializer(deserializer);
                }
                return deserializer;
            }
        });
        mapper.registerModule(module);
        return mapper;
    }

    /** Records the line a {@link Located} item starts on, then lets the normal bean deserializer fill it. */
    private static final class LocatingDeserializer extends DelegatingDeserializer {

        LocatingDeserializer(JsonDeserializer<?> delegate) {
            super(delegate);
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> newDelegatee) {
            return new LocatingDeserializer(newDelegatee);
        }

        @Override
        public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            int line = parser.currentTokenLocation().getLineNr();
            Object value = super.deserialize(parser, context);
            if (value instanceof Located located) {
                located.line(line);
            }
            return value;
        }
    }
}
