// Names of places that terms choose for their law and courts: every country, the states and provinces of
// federations whose contracts name them, and the cities and counties terms name as venues. A gazetteer, so
// that a name written in capitals ("SANTA CLARA COUNTY, CALIFORNIA AND THE PARTIES ...") ends where the place
// ends; an unknown capitalised name still counts before "County" or after "State of" / "Republic of".

// prettier-ignore
export const US_STATES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida', 'Georgia', 'Hawaii',
  'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan',
  'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York',
  'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota',
  'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming', 'District of Columbia',
  'Puerto Rico',
];

// prettier-ignore
export const COUNTRIES = [
  'Afghanistan', 'Albania', 'Algeria', 'Andorra', 'Angola', 'Antigua and Barbuda', 'Argentina', 'Armenia', 'Australia', 'Austria',
  'Azerbaijan', 'Bahamas', 'Bahrain', 'Bangladesh', 'Barbados', 'Belarus', 'Belgium', 'Belize', 'Benin', 'Bhutan', 'Bolivia',
  'Bosnia and Herzegovina', 'Botswana', 'Brazil', 'Brunei', 'Bulgaria', 'Burkina Faso', 'Burundi', 'Cambodia', 'Cameroon', 'Canada',
  'Cape Verde', 'Chad', 'Chile', 'China', 'Colombia', 'Comoros', 'Congo', 'Costa Rica', 'Croatia', 'Cuba', 'Cyprus', 'Czech Republic',
  'Czechia', 'Denmark', 'Djibouti', 'Dominica', 'Dominican Republic', 'Ecuador', 'Egypt', 'El Salvador', 'Estonia', 'Eswatini',
  'Ethiopia', 'Fiji', 'Finland', 'France', 'Gabon', 'Gambia', 'Georgia', 'Germany', 'Ghana', 'Greece', 'Grenada', 'Guatemala',
  'Guinea', 'Guyana', 'Haiti', 'Honduras', 'Hungary', 'Iceland', 'India', 'Indonesia', 'Iran', 'Iraq', 'Ireland', 'Israel', 'Italy',
  'Jamaica', 'Japan', 'Jordan', 'Kazakhstan', 'Kenya', 'Kiribati', 'Korea', 'South Korea', 'Kosovo', 'Kuwait', 'Kyrgyzstan', 'Laos',
  'Latvia', 'Lebanon', 'Lesotho', 'Liberia', 'Libya', 'Liechtenstein', 'Lithuania', 'Luxembourg', 'Madagascar', 'Malawi', 'Malaysia',
  'Maldives', 'Mali', 'Malta', 'Mauritania', 'Mauritius', 'Mexico', 'Moldova', 'Monaco', 'Mongolia', 'Montenegro', 'Morocco',
  'Mozambique', 'Myanmar', 'Namibia', 'Nepal', 'Netherlands', 'New Zealand', 'Nicaragua', 'Niger', 'Nigeria', 'North Macedonia',
  'Norway', 'Oman', 'Pakistan', 'Panama', 'Papua New Guinea', 'Paraguay', 'Peru', 'Philippines', 'Poland', 'Portugal', 'Qatar',
  'Romania', 'Russia', 'Russian Federation', 'Rwanda', 'Saint Lucia', 'Samoa', 'San Marino', 'Saudi Arabia', 'Senegal', 'Serbia',
  'Seychelles', 'Sierra Leone', 'Singapore', 'Slovakia', 'Slovenia', 'South Africa', 'Spain', 'Sri Lanka', 'Sudan', 'Suriname',
  'Sweden', 'Switzerland', 'Syria', 'Taiwan', 'Tajikistan', 'Tanzania', 'Thailand', 'Togo', 'Tonga', 'Trinidad and Tobago', 'Tunisia',
  'Turkey', 'Türkiye', 'Turkmenistan', 'Uganda', 'Ukraine', 'United Arab Emirates', 'United Kingdom', 'Uruguay', 'Uzbekistan',
  'Vanuatu', 'Venezuela', 'Vietnam', 'Viet Nam', 'Yemen', 'Zambia', 'Zimbabwe',
  // Parts of a country whose own law a contract chooses.
  'England and Wales', 'England', 'Wales', 'Scotland', 'Northern Ireland', 'Hong Kong', 'Macau', 'Bermuda', 'Cayman Islands',
  'British Virgin Islands', 'Gibraltar', 'Isle of Man', 'Jersey', 'Guernsey', 'Curaçao', 'Ontario', 'Quebec', 'British Columbia',
  'Alberta', 'Manitoba', 'Saskatchewan', 'Nova Scotia', 'New Brunswick', 'Newfoundland and Labrador', 'Prince Edward Island',
  'Victoria', 'New South Wales', 'Queensland', 'Western Australia', 'South Australia', 'Tasmania', 'Australian Capital Territory',
];

// prettier-ignore
export const CITIES = [
  'Paris', 'Tokyo', 'Osaka', 'Amsterdam', 'The Hague', 'Rotterdam', 'Dublin', 'Cork', 'London', 'Manchester', 'Edinburgh', 'Belfast',
  'Tel Aviv', 'Tel Aviv-Jaffa', 'Jerusalem', 'Stockholm', 'Berlin', 'Munich', 'Frankfurt', 'Frankfurt am Main', 'Hamburg', 'Cologne',
  'Düsseldorf', 'Luxembourg', 'Vilnius', 'Riga', 'Tallinn', 'Zurich', 'Zürich', 'Geneva', 'Lausanne', 'Basel', 'Bern', 'Zug',
  'Madrid', 'Barcelona', 'Milan', 'Rome', 'Vienna', 'Brussels', 'Copenhagen', 'Oslo', 'Helsinki', 'Reykjavik', 'Prague', 'Warsaw',
  'Kraków', 'Budapest', 'Lisbon', 'Athens', 'Nicosia', 'Limassol', 'Valletta', 'Istanbul', 'Moscow', 'Kyiv', 'Bucharest', 'Sofia',
  'Toronto', 'Vancouver', 'Montreal', 'Montréal', 'Ottawa', 'Calgary', 'Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Auckland',
  'Wellington', 'Seoul', 'Beijing', 'Shanghai', 'Shenzhen', 'Hangzhou', 'Guangzhou', 'Taipei', 'Manila', 'Jakarta', 'Kuala Lumpur',
  'Bangkok', 'Mumbai', 'Bangalore', 'Bengaluru', 'New Delhi', 'Delhi', 'Dubai', 'Abu Dhabi', 'Cape Town', 'Johannesburg', 'Nairobi',
  'Lagos', 'Cairo', 'São Paulo', 'Sao Paulo', 'Rio de Janeiro', 'Buenos Aires', 'Santiago', 'Bogotá', 'Bogota', 'Lima',
  'Mexico City', 'Panama City',
  // Cities and counties of the United States that terms name as venues.
  'San Francisco', 'Santa Clara', 'San Mateo', 'Los Angeles', 'San Diego', 'San Jose', 'Santa Monica', 'Irvine', 'Sacramento',
  'Oakland', 'Alameda', 'Orange', 'Marin', 'Contra Costa', 'Riverside', 'Ventura', 'Santa Barbara', 'Sarasota', 'Seattle', 'King',
  'Bellevue', 'Redmond', 'Wichita', 'Tarrant', 'Austin', 'Travis', 'Dallas', 'Houston', 'Harris', 'San Antonio', 'Bexar', 'Miami',
  'Miami-Dade', 'Broward', 'Palm Beach', 'Orlando', 'Tampa', 'Hillsborough', 'Chicago', 'Cook', 'Boston', 'Suffolk', 'Middlesex',
  'Wilmington', 'New Castle', 'Dover', 'Kent', 'Sussex', 'Las Vegas', 'Clark', 'Washoe', 'Reno', 'Palo Alto', 'Mountain View',
  'Menlo Park', 'Denver', 'Boulder', 'Arapahoe', 'Jefferson', 'Philadelphia', 'Pittsburgh', 'Allegheny', 'Atlanta', 'Fulton',
  'Phoenix', 'Maricopa', 'Salt Lake', 'Salt Lake City', 'Provo', 'Portland', 'Multnomah', 'Minneapolis', 'Hennepin', 'Detroit',
  'Wayne', 'Nashville', 'Davidson', 'Charlotte', 'Mecklenburg', 'Raleigh', 'Wake', 'Durham', 'Columbus', 'Franklin', 'Cleveland',
  'Cuyahoga', 'Cincinnati', 'Hamilton', 'St. Louis', 'Kansas City', 'Omaha', 'Douglas', 'Indianapolis', 'Marion', 'Milwaukee',
  'Baltimore', 'Arlington', 'Fairfax', 'Alexandria', 'Loudoun', 'Richmond', 'Manhattan', 'Brooklyn', 'Kings', 'Queens', 'Westchester',
  'Nassau', 'Newark', 'Essex', 'Hudson', 'Jersey City', 'Hoboken', 'Cambridge', 'Ann Arbor', 'Honolulu', 'Anchorage', 'Albuquerque',
  'Tucson', 'Pima', 'Boise', 'Ada', 'Spokane', 'Tacoma', 'Pierce', 'Louisville', 'Memphis', 'Shelby', 'New Orleans', 'Orleans',
  'Hartford', 'New Haven', 'Fairfield', 'Providence', 'Des Moines', 'Madison', 'Dane', 'Plano', 'Collin', 'Fort Worth', 'Tulsa',
  'Oklahoma City', 'Lehi',
];

/** Country and nationality adjectives that name a law ("French law", "Irish law", "English law"). */
// prettier-ignore
export const ADJECTIVES: Record<string, string> = {
  french: 'France', irish: 'Ireland', english: 'England and Wales', german: 'Germany', dutch: 'Netherlands', swedish: 'Sweden',
  japanese: 'Japan', swiss: 'Switzerland', israeli: 'Israel', lithuanian: 'Lithuania', luxembourgish: 'Luxembourg', spanish: 'Spain',
  italian: 'Italy', austrian: 'Austria', belgian: 'Belgium', danish: 'Denmark', finnish: 'Finland', norwegian: 'Norway',
  polish: 'Poland', portuguese: 'Portugal', canadian: 'Canada', australian: 'Australia', singaporean: 'Singapore', singapore: 'Singapore',
  maltese: 'Malta', cypriot: 'Cyprus', scottish: 'Scotland', scots: 'Scotland', korean: 'Korea', chinese: 'China', indian: 'India',
  brazilian: 'Brazil', mexican: 'Mexico', estonian: 'Estonia', latvian: 'Latvia', czech: 'Czech Republic', greek: 'Greece',
  hungarian: 'Hungary', romanian: 'Romania', bulgarian: 'Bulgaria', croatian: 'Croatia', slovak: 'Slovakia', slovenian: 'Slovenia',
  icelandic: 'Iceland', turkish: 'Turkey', russian: 'Russia', ukrainian: 'Ukraine', panamanian: 'Panama', argentine: 'Argentina',
  argentinian: 'Argentina', chilean: 'Chile', colombian: 'Colombia', peruvian: 'Peru', taiwanese: 'Taiwan', thai: 'Thailand',
  vietnamese: 'Vietnam', indonesian: 'Indonesia', malaysian: 'Malaysia', filipino: 'Philippines', philippine: 'Philippines',
  emirati: 'United Arab Emirates', saudi: 'Saudi Arabia', egyptian: 'Egypt', nigerian: 'Nigeria', kenyan: 'Kenya',
  'new zealand': 'New Zealand', welsh: 'Wales',
};
