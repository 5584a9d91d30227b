// libxml2 (Debian: libxml2-dev at build time, libxml2 at run time): the XML reader that parses
// a design's custom SVG art before it is sanitised (SceneGraph's VectorArt). Opened with dlopen
// on first use: renders without custom art never map it.
//
// libxml2's headers live in a folder only pkg-config knows (libxml2/libxml/…), and a plain C
// target has no pkg-config, so the declarations used are repeated here exactly as
// <libxml/xmlreader.h>, <libxml/xmlerror.h> and <libxml/parser.h> declare them. They are part of
// libxml2's stable 2.x ABI (the xmlTextReader API and the public xmlError struct).
#ifndef CLIBXML2_H
#define CLIBXML2_H

#include <stdint.h>

#include "lazy_library.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned char xmlChar;
typedef struct _xmlTextReader xmlTextReader;

/// libxml2's xmlError (libxml/xmlerror.h).
typedef struct {
  int domain;
  int code;
  char *_Nullable message;
  int level;
  char *_Nullable file;
  int line;
  char *_Nullable str1;
  char *_Nullable str2;
  char *_Nullable str3;
  int int1;
  int int2;  // the column
  void *_Nullable ctxt;
  void *_Nullable node;
} xmlError;

typedef void (*xmlStructuredErrorFunc)(void *_Nullable userData, xmlError *_Nonnull error);

void xmlInitParser(void);
xmlTextReader *_Nullable xmlReaderForMemory(const char *_Nonnull buffer, int size, const char *_Nullable URL,
                                            const char *_Nullable encoding, int options);
void xmlFreeTextReader(xmlTextReader *_Nonnull reader);
void xmlTextReaderSetStructuredErrorHandler(xmlTextReader *_Nonnull reader, xmlStructuredErrorFunc _Nullable f,
                                            void *_Nullable arg);
int xmlTextReaderRead(xmlTextReader *_Nonnull reader);
int xmlTextReaderNodeType(xmlTextReader *_Nonnull reader);
int xmlTextReaderIsEmptyElement(xmlTextReader *_Nonnull reader);
int xmlTextReaderMoveToNextAttribute(xmlTextReader *_Nonnull reader);
int xmlTextReaderMoveToElement(xmlTextReader *_Nonnull reader);
const xmlChar *_Nullable xmlTextReaderConstName(xmlTextReader *_Nonnull reader);
const xmlChar *_Nullable xmlTextReaderConstLocalName(xmlTextReader *_Nonnull reader);
const xmlChar *_Nullable xmlTextReaderConstNamespaceUri(xmlTextReader *_Nonnull reader);
const xmlChar *_Nullable xmlTextReaderConstValue(xmlTextReader *_Nonnull reader);
void *_Nullable xmlTextReaderCurrentNode(xmlTextReader *_Nonnull reader);
int xmlTextReaderGetParserLineNumber(xmlTextReader *_Nonnull reader);
int xmlTextReaderGetParserColumnNumber(xmlTextReader *_Nonnull reader);

#define CLIBXML2_FUNCTIONS(X)                                                                     \
  X(xmlInitParser) X(xmlReaderForMemory) X(xmlFreeTextReader) X(xmlTextReaderSetStructuredErrorHandler) \
  X(xmlTextReaderRead) X(xmlTextReaderNodeType) X(xmlTextReaderIsEmptyElement)                    \
  X(xmlTextReaderMoveToNextAttribute) X(xmlTextReaderMoveToElement) X(xmlTextReaderConstName)     \
  X(xmlTextReaderConstLocalName) X(xmlTextReaderConstNamespaceUri) X(xmlTextReaderConstValue)     \
  X(xmlTextReaderCurrentNode) X(xmlTextReaderGetParserLineNumber) X(xmlTextReaderGetParserColumnNumber)

/// The libxml2 functions the art sanitiser calls, each named as in libxml2's headers.
LAZY_LIBRARY_DECLARE(clibxml2_api, clibxml2_functions, CLIBXML2_FUNCTIONS)

/// Opens libxml2 on the first call (once per process, thread-safe) and then calls
/// `xmlInitParser` once, as libxml2 asks of threaded programs; nothing else of libxml2's global
/// state is changed (no global error handler, no default-option setters, never
/// `xmlCleanupParser`), so librsvg, which uses the same libxml2 in the same process, is not
/// affected. NULL when it cannot be opened, and then `*message` says why.
const clibxml2_api *_Nullable clibxml2_load(const char *_Nonnull soname, const char *_Nullable *_Nonnull message);

/// The node types `xmlTextReaderNodeType` returns that the sanitiser reads.
enum {
  CLIBXML2_ELEMENT = 1,
  CLIBXML2_TEXT = 3,
  CLIBXML2_CDATA = 4,
  CLIBXML2_ENTITY_REFERENCE = 5,
  CLIBXML2_DOCUMENT_TYPE = 10,
  CLIBXML2_WHITESPACE = 13,
  CLIBXML2_SIGNIFICANT_WHITESPACE = 14,
  CLIBXML2_END_ELEMENT = 15,
};

/// The first error libxml2 reported while reading, copied out of libxml2's own struct.
typedef struct {
  /// 0 when none was reported; libxml2's xmlParserErrors code otherwise.
  int code;
  /// 1 warning, 2 error (namespace errors: reading goes on), 3 fatal (reading stops).
  int level;
  int line;
  int column;
  /// libxml2's message, without its final newline (truncated to fit).
  char message[200];
  /// The name the message is about (an entity's or a tag's), when libxml2 gives one.
  char subject[120];
} clibxml2_problem;

/// A reader over `size` bytes of UTF-8 (the encoding is given, so an `encoding=` declaration
/// cannot make libxml2 read other bytes), made safe for untrusted input: no network
/// (XML_PARSE_NONET), no entity substitution (no XML_PARSE_NOENT), no DTD loading or default
/// attributes (no XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR), XML_PARSE_NO_XXE where libxml2 has it
/// (2.13 and later; older versions ignore the bit and load no external entity without NOENT),
/// and libxml2's limits on depth, names and text left on (no XML_PARSE_HUGE). Errors go to
/// this reader's own handler, which keeps the first fatal one (else the first) in `*problem`,
/// and never to stderr. NULL when libxml2 cannot make a reader (no memory, or size 0).
xmlTextReader *_Nullable clibxml2_reader(const clibxml2_api *_Nonnull api, const uint8_t *_Nonnull bytes, int size,
                                         clibxml2_problem *_Nonnull problem);

/// Whether the DOCTYPE node the reader is on declares anything in an internal subset
/// (`<!DOCTYPE svg [ … ]>`): its node has children. Reads the first fields of libxml2's xmlDtd,
/// which every libxml2 node shares (`_private`, `type`, `name`, `children`).
int clibxml2_doctype_has_internal_subset(const clibxml2_api *_Nonnull api, xmlTextReader *_Nonnull reader);

#ifdef __cplusplus
}
#endif

#endif
