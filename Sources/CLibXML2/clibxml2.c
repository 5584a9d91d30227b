#include "clibxml2.h"

#include <pthread.h>
#include <string.h>

#include "lazy_library.h"

LAZY_LIBRARY_TABLE(clibxml2_api, clibxml2_functions, CLIBXML2_FUNCTIONS, "libxml2: Debian libxml2-dev, Homebrew libxml2")

static pthread_once_t clibxml2_init_once = PTHREAD_ONCE_INIT;
// The table LAZY_LIBRARY_TABLE filled (complete whenever clibxml2_functions returned it).
static void clibxml2_init(void) { clibxml2_functions_table.xmlInitParser(); }

const clibxml2_api *clibxml2_load(const char *soname, const char **message) {
  const clibxml2_api *api = clibxml2_functions(soname, message);
  if (api == NULL) return NULL;
  pthread_once(&clibxml2_init_once, clibxml2_init);
  return api;
}

// Parser options, as libxml/parser.h numbers them.
enum { XML_PARSE_NONET = 1 << 11, XML_PARSE_NO_XXE = 1 << 23 };

static void copy_text(char *destination, size_t capacity, const char *source) {
  if (source == NULL) {
    destination[0] = 0;
    return;
  }
  size_t length = strlen(source);
  while (length > 0 && (source[length - 1] == '\n' || source[length - 1] == ' ')) length--;
  if (length >= capacity) length = capacity - 1;
  memcpy(destination, source, length);
  destination[length] = 0;
}

static void keep_first_problem(void *user, xmlError *error) {
  clibxml2_problem *problem = user;
  // The first error, replaced only by the first fatal one (the one that stopped the reader).
  if (problem->code != 0 && (problem->level >= 3 || error->level < 3)) return;
  problem->code = error->code;
  problem->level = error->level;
  problem->line = error->line;
  problem->column = error->int2;
  copy_text(problem->message, sizeof problem->message, error->message);
  copy_text(problem->subject, sizeof problem->subject, error->str1);
}

xmlTextReader *clibxml2_reader(const clibxml2_api *api, const uint8_t *bytes, int size, clibxml2_problem *problem) {
  memset(problem, 0, sizeof *problem);
  xmlTextReader *reader =
      api->xmlReaderForMemory((const char *)bytes, size, NULL, "UTF-8", XML_PARSE_NONET | XML_PARSE_NO_XXE);
  if (reader != NULL) api->xmlTextReaderSetStructuredErrorHandler(reader, keep_first_problem, problem);
  return reader;
}

/// The fields every libxml2 node starts with (libxml/tree.h: xmlNode, xmlDtd, xmlAttr, …).
typedef struct {
  void *private_data;
  int type;
  const xmlChar *name;
  void *children;
} clibxml2_node_head;

int clibxml2_doctype_has_internal_subset(const clibxml2_api *api, xmlTextReader *reader) {
  const clibxml2_node_head *node = api->xmlTextReaderCurrentNode(reader);
  return node != NULL && node->children != NULL;
}
