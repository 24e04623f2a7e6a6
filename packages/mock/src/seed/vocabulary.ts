/** Words the framework generator builds realistic statements from. */

/** Grade levels, KG then 01 to 12: CASE education level code, short code for humanCodingScheme, label. */
export const GRADE_LEVELS = Array.from({ length: 13 }, (_, k): [string, string, string] =>
  k === 0 ? ['KG', 'K', 'Kindergarten'] : [String(k).padStart(2, '0'), String(k), `Grade ${k}`],
);

/** A subject's domains (abbreviation, name) and the verbs and topics of its standards. */
type SubjectVocabulary = {
  label: string;
  domains: readonly (readonly [string, string])[];
  clusters: readonly string[];
  verbs: readonly string[];
  topics: readonly string[];
  contexts: readonly string[];
};

const MATH: SubjectVocabulary = {
  label: 'Mathematics',
  domains: [
    ['OA', 'Operations and Algebraic Thinking'],
    ['NBT', 'Number and Operations in Base Ten'],
    ['NF', 'Number and Operations - Fractions'],
    ['MD', 'Measurement and Data'],
    ['G', 'Geometry'],
    ['RP', 'Ratios and Proportional Relationships'],
    ['NS', 'The Number System'],
    ['EE', 'Expressions and Equations'],
    ['SP', 'Statistics and Probability'],
    ['F', 'Functions'],
  ],
  clusters: [
    'Represent and solve problems involving addition and subtraction',
    'Understand and apply properties of operations',
    'Use place value understanding to perform multi-digit arithmetic',
    'Develop understanding of fractions as numbers',
    'Solve problems involving measurement and estimation',
    'Reason with shapes and their attributes',
    'Analyze proportional relationships and use them to solve problems',
    'Apply and extend previous understandings of arithmetic to algebraic expressions',
    'Summarize and describe distributions',
    'Define, evaluate, and compare functions',
    'Work with radicals and integer exponents',
    'Investigate patterns of association in bivariate data',
  ],
  verbs: 'Solve Represent Interpret Explain Compare Use Apply Understand Model Analyze'.split(' '),
  topics: [
    'word problems involving equal groups',
    'the relationship between multiplication and division',
    'fractions with unlike denominators',
    'the area of rectangles with whole-number side lengths',
    'unit rates associated with ratios of fractions',
    'linear equations in one variable',
    'the volume of right rectangular prisms',
    'two-digit numbers as tens and ones',
    'data using line plots and bar graphs',
    'angles formed by parallel lines cut by a transversal',
    'the mean and median of a data set',
    'negative numbers on a number line',
  ],
  contexts: [
    'using drawings and equations with a symbol for the unknown number',
    'in real-world and mathematical problems',
    'by reasoning about their size',
    'based on place value and properties of operations',
    'and justify the conclusions',
    'using visual fraction models',
  ],
};

const READING: SubjectVocabulary = {
  label: 'English Language Arts',
  domains: [
    ['RL', 'Reading: Literature'],
    ['RI', 'Reading: Informational Text'],
    ['RF', 'Reading: Foundational Skills'],
    ['W', 'Writing'],
    ['SL', 'Speaking and Listening'],
    ['L', 'Language'],
  ],
  clusters: [
    'Key Ideas and Details',
    'Craft and Structure',
    'Integration of Knowledge and Ideas',
    'Range of Reading and Level of Text Complexity',
    'Phonics and Word Recognition',
    'Text Types and Purposes',
    'Conventions of Standard English',
    'Vocabulary Acquisition and Use',
  ],
  verbs: 'Determine, Describe, Analyze, Compare and contrast, Explain, Cite, Write, Summarize'.split(', '),
  topics: [
    'the central idea of a text',
    'how characters respond to major events',
    'the meaning of words and phrases as they are used in a text',
    'the structure of a story',
    'opinion pieces on topics or texts',
    'the point of view of the narrator',
    'grade-level phonics and word analysis skills',
    'evidence that supports an analysis of the text',
  ],
  contexts: [
    'drawing on specific details in the text',
    'using key details',
    'with prompting and support',
    'including figurative and connotative meanings',
    'supporting a point of view with reasons and information',
  ],
};

const SCIENCE: SubjectVocabulary = {
  label: 'Science',
  domains: [
    ['PS', 'Physical Sciences'],
    ['LS', 'Life Sciences'],
    ['ESS', 'Earth and Space Sciences'],
    ['ETS', 'Engineering, Technology, and Applications of Science'],
  ],
  clusters: [
    'Matter and Its Interactions',
    'Motion and Stability: Forces and Interactions',
    'Energy',
    'From Molecules to Organisms: Structures and Processes',
    'Ecosystems: Interactions, Energy, and Dynamics',
    "Earth's Place in the Universe",
    "Earth's Systems",
    'Engineering Design',
  ],
  verbs: [
    'Plan and conduct',
    'Develop a model of',
    'Construct an explanation of',
    'Analyze data on',
    'Use evidence for',
  ],
  topics: [
    'the effects of balanced and unbalanced forces',
    'how plants and animals change their environment',
    'the flow of energy in an ecosystem',
    'the properties of materials',
    'patterns of the apparent motion of the sun',
    'weathering and erosion',
    'solutions to a design problem',
  ],
  contexts: [
    'to provide evidence',
    'from observations and measurements',
    'that can be tested',
    'to support an argument',
  ],
};

/** The vocabulary of a subject; unknown subjects get generic domains named after the subject. */
export function vocabularyFor(subject: string): SubjectVocabulary {
  const key = subject.toLowerCase();
  if (key === 'math' || key === 'mathematics') return MATH;
  if (key === 'reading' || key === 'language' || key.includes('english')) return READING;
  if (key === 'science') return SCIENCE;
  return {
    ...MATH,
    label: subject,
    domains: MATH.domains.map(([abbr], index) => [`D${index + 1}`, `${subject} Domain ${abbr}`] as const),
  };
}
