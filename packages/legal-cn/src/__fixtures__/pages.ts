// Page texts as Exa ("text") or Tavily ("content") return them: plain text, line breaks kept. Fictional
// where marked; statute wording follows the real laws' style (articles, chapters, 施行 clauses).

export interface Page {
  url: string;
  title: string;
  text: string;
  publishedDate?: string;
}

/** 国家法律法规数据库 page of the Civil Code: metadata, then articles 107–109 across a chapter break. */
export const civilCodePage: Page = {
  url: 'https://flk.npc.gov.cn/detail2.html?ZmY4MDgxODE3MjlkMWVmZTAxNzI5ZDUwYjVjNTAwYmY%3D',
  title: '中华人民共和国民法典_国家法律法规数据库',
  text: `中华人民共和国民法典
制定机关：全国人民代表大会
法律性质：法律
时效性：有效
公布日期：2020-05-28
施行日期：2021-01-01
（2020年5月28日第十三届全国人民代表大会第三次会议通过）

第一百零六条　有下列情形之一的，非法人组织解散：
（一）章程规定的存续期间届满或者章程规定的其他解散事由出现；
（二）出资人或者设立人决定解散；
（三）法律规定的其他情形。
第一百零七条　非法人组织解散的，应当依法进行清算。
第一百零八条　非法人组织除适用本章规定外，参照适用本编第三章第一节的有关规定。

第五章　民事权利

第一百零九条　自然人的人身自由、人格尊严受法律保护。
第一百一十条　自然人享有生命权、身体权、健康权、姓名权、肖像权、名誉权、荣誉权、隐私权、婚姻自主权等权利。`,
};

/** Fictional local regulation on 北大法宝: an article citing its own and other laws' articles. */
export const dataRegulationPage: Page = {
  url: 'https://www.pkulaw.com/lar/5d2c0e8b7a1f4e3c9b6a0d1e2f3a4b5cbdfb.html',
  title: '某市公共数据管理条例 - 北大法宝',
  text: `某市公共数据管理条例
（2022年11月25日某市第十六届人民代表大会常务委员会第七次会议通过）
第四十一条　公共管理和服务机构应当建立数据安全管理制度。
第四十二条【法律责任】违反本条例第十八条、第十九条规定，未履行数据安全保护义务的，由有关主管部门依照《中华人民共和国数据安全法》第四十五条和《中华人民共和国个人信息保护法》第六十六条的规定予以处罚；本条例第四十一条另有规定的，从其规定。
第四十三条　本条例具体应用中的问题由市人民政府负责解释。
第四十四条　本条例自二〇二三年三月一日起施行。`,
};

/** A Q&A article that quotes the Civil Code but does not reproduce article 108 as a heading. */
export const lawyerAnswerPage: Page = {
  url: 'https://www.chinalawinfo.com/qa/2024/108.shtml',
  title: '非法人组织如何参照适用法人的规定？律师解答',
  text: '问：合伙企业解散后如何处理？答：根据民法典第一百零八条的规定，非法人组织除适用本章规定外，参照适用法人的有关规定，合伙企业解散的应当依法清算。',
};

/** 中国裁判文书网 second-instance civil judgment (fictional parties and numbers). */
export const civilJudgmentPage: Page = {
  url: 'https://wenshu.court.gov.cn/website/wenshu/181107ANFZ0BXSK4/index.html?docId=4f1c2a7e9b0d4c6e8a2f',
  title: '张某、李某民间借贷纠纷民事二审民事判决书',
  publishedDate: '2023-07-02T00:00:00.000Z',
  text: `北京市第一中级人民法院
民 事 判 决 书
（2023）京01民终1234号
上诉人（原审被告）：张某，男，1980年3月5日出生，住北京市朝阳区。
被上诉人（原审原告）：李某，女，1985年8月12日出生，住北京市海淀区。
上诉人张某因与被上诉人李某民间借贷纠纷一案，不服北京市朝阳区人民法院（2022）京0105民初5678号民事判决，向本院提起上诉。本院依法组成合议庭进行了审理。
本院经审理查明：2021年4月1日，张某向李某借款20万元，约定于2022年4月1日前归还，借款到期后张某未归还。
本院认为，当事人对自己提出的主张有责任提供证据。张某主张已归还借款，但未提交证据证明，本院不予采信。依照《中华人民共和国民事诉讼法》第一百七十七条第一款第一项规定，判决如下：
驳回上诉，维持原判。
二审案件受理费4300元，由张某负担。
本判决为终审判决。
审判长　王某
审判员　赵某
审判员　钱某
二〇二三年六月十五日
书记员　孙某`,
};

/** A criminal first-instance judgment republished on the Supreme People's Court site (fictional). */
export const criminalJudgmentPage: Page = {
  url: 'https://www.court.gov.cn/wenshu/xiangqing-398123.html',
  title: '刘某某盗窃一审刑事判决书_中华人民共和国最高人民法院',
  text: `浙江省杭州市西湖区人民法院刑事判决书（2022）浙0106刑初789号 公诉机关杭州市西湖区人民检察院。被告人刘某某，男，1990年出生。经审理查明，2022年5月至6月间，被告人刘某某在杭州市西湖区多次盗窃电动自行车三辆，价值共计人民币8600元。本院认为，被告人刘某某以非法占有为目的，多次盗窃他人财物，数额较大，其行为已构成盗窃罪。判决如下：一、被告人刘某某犯盗窃罪，判处有期徒刑一年，并处罚金人民币五千元。二、责令被告人刘某某退赔被害人经济损失。如不服本判决，可在接到判决书的第二日起十日内，通过本院或者直接向浙江省杭州市中级人民法院提出上诉。审判员 周某 二〇二二年十一月三日`,
};

/** A news report naming a case by number only (half-width parentheses, administrative code). */
export const newsReportPage: Page = {
  url: 'https://www.chinacourt.org/article/detail/2022/03/id/6571234.shtml',
  title: '最高法发布一批行政诉讼典型案例',
  publishedDate: '2022-03-18T08:00:00.000Z',
  text: '在某公司诉某市市场监督管理局行政处罚一案中，最高人民法院在(2021)最高法行申4567号裁定中明确，行政机关作出处罚决定前应当充分听取当事人的陈述和申辩。',
};

/** A page about judicial practice with no case in it. */
export const practicePage: Page = {
  url: 'https://www.chinacourt.org/article/detail/2023/09/id/7512345.shtml',
  title: '民间借贷案件审理中的几个问题',
  text: '近年来，民间借贷纠纷数量持续增长。审理此类案件时，应当重点审查借贷合意和款项交付的证据。',
};

/**
 * Fictional local regulation whose article 12 starts past the first 1,000 characters of the page: only
 * the page text (Exa's `text`, Tavily's `raw_content`) holds it, never a snippet.
 */
export const propertyRegulationPage: Page = {
  url: 'https://www.gov.cn/zhengce/2024-03/15/content_6938123.htm',
  title: '某市物业管理条例_中国政府网',
  text: `某市物业管理条例
（2023年9月22日某市第十六届人民代表大会常务委员会第十二次会议通过）
第一章　总则
第一条　为了规范物业管理活动，维护业主、物业使用人和物业服务人的合法权益，营造安全、舒适、文明、和谐的居住环境，根据《中华人民共和国民法典》《物业管理条例》等法律、行政法规，结合本市实际，制定本条例。
第二条　本市行政区域内的物业管理及其监督管理活动，适用本条例。本条例所称物业管理，是指业主通过选聘物业服务人，由业主和物业服务人按照物业服务合同约定，对房屋及配套的设施设备和相关场地进行维修、养护、管理，维护物业管理区域内的环境卫生和相关秩序的活动。
第三条　物业管理应当坚持党的领导，遵循业主自治、专业服务、政府监管、多方参与、协商共建的原则。
第四条　市人民政府应当加强对物业管理工作的领导，将物业管理纳入基层社会治理体系，建立健全物业管理综合协调机制，协调解决物业管理中的重大问题。区人民政府负责本行政区域内物业管理工作的组织实施。
第五条　市住房城乡建设主管部门负责本市物业管理活动的监督管理工作，制定物业管理相关政策和标准，建立物业管理信息平台，指导区住房城乡建设主管部门开展物业管理工作。
第二章　业主、业主大会和业主委员会
第六条　房屋的所有权人为业主。业主依法享有建筑物区分所有权，对专有部分享有占有、使用、收益和处分的权利，对共有部分享有权利、承担义务，对共同管理的权利享有共同管理的权利。
第七条　一个物业管理区域成立一个业主大会。业主大会由物业管理区域内的全体业主组成，代表和维护全体业主在物业管理活动中的合法权益。
第八条　业主大会会议可以采用集体讨论的形式，也可以采用书面征求意见的形式；采用书面征求意见形式的，应当将征求意见书送交每一位业主。
第九条　业主委员会是业主大会的执行机构，由业主大会会议选举产生，每届任期不超过五年，可以连选连任。业主委员会委员应当是物业管理区域内的业主，并符合下列条件：遵守法律法规，热心公益事业，责任心强，具有一定的组织能力。
第十条　业主委员会应当自选举产生之日起三十日内，持业主大会会议记录、管理规约、业主大会议事规则和业主委员会委员名单等材料，向物业所在地的区住房城乡建设主管部门和街道办事处备案。
第十一条　业主委员会应当建立工作档案，妥善保管业主大会和业主委员会的会议记录、决定、管理规约、物业服务合同等资料，并在物业管理区域内公开。
第十二条　物业服务人不得采取停止供电、供水、供热、供燃气以及限制业主进出等方式催交物业费。业主逾期不交纳物业费的，物业服务人可以催告其在合理期限内支付；合理期限届满仍不支付的，物业服务人可以依照本条例第十一条公开的资料向人民法院提起诉讼或者申请仲裁。
第十三条　本条例自二〇二四年一月一日起施行。`,
};
